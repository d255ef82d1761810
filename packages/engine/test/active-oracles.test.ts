import { describe, expect, it } from 'vitest';
import { evaluate, type Sent, type StepRecord } from '../src/active/proof.js';

const sent = (
  status: number,
  body: string,
  requestBody?: unknown,
  headers: Record<string, string> = {},
): Sent => ({
  status,
  headers,
  body,
  ms: 1,
  exchange: 0,
  ...(requestBody !== undefined ? { requestBody: JSON.stringify(requestBody) } : {}),
});
const ctxOf = (records: Record<string, Sent[]>, main: string) => ({
  main,
  steps: new Map<string, StepRecord>(
    Object.entries(records).map(([name, sends]) => [name, { name, sends, complete: true }]),
  ),
});

describe('oracles that compare answers, not status codes', () => {
  it('tells accounts apart by body whatever the status, leaving out what each request echoed', async () => {
    const wrong = sent(200, '{"message":"Password is not correct for alice"}', {
      username: 'alice',
      password: 'pw-1xx',
    });
    const unknown = sent(200, '{"message":"Username does not exist"}', {
      username: 'nobody-1',
      password: 'pw-1xx',
    });
    const proof = [{ differsFrom: 'wrong' }];
    expect(await evaluate(proof, unknown, ctxOf({ wrong: [wrong], unknown: [unknown] }, 'unknown'))).toMatch(
      /body differs/,
    );
    // the same message with each request's own user name in it is no difference
    const echoA = sent(401, '{"error":"invalid credentials for alice"}', { username: 'alice' });
    const echoB = sent(401, '{"error":"invalid credentials for nobody-1"}', { username: 'nobody-1' });
    expect(await evaluate(proof, echoB, ctxOf({ wrong: [echoA], unknown: [echoB] }, 'unknown'))).toBeNull();
    // sameAs: an unstable answer (a request id in it) is no evidence
    const again = sent(200, '{"message":"Password is not correct for alice","req":"81"}', {
      username: 'alice',
    });
    expect(
      await evaluate(
        [{ step: 'again', sameAs: 'wrong' }],
        unknown,
        ctxOf({ wrong: [wrong], again: [again], unknown: [unknown] }, 'unknown'),
      ),
    ).toBeNull();
  });

  it('judges rate limiting by the absence of throttling, whatever the status', async () => {
    const proof = [{ neverStatus: 429, steady: true }];
    const burst = (sends: Sent[]) => evaluate(proof, sends.at(-1)!, ctxOf({ burst: sends }, 'burst'));
    const twenty = Array.from({ length: 20 }, () => sent(200, '{"message":"bad password"}'));
    expect(await burst(twenty)).toMatch(/20 attempts all answered 200/);
    expect(await burst([...twenty.slice(1), sent(429, '')])).toBeNull();
    expect(await burst([...twenty.slice(1), sent(403, '{"error":"locked"}')])).toBeNull();
    expect(await burst([...twenty.slice(1), sent(200, '', undefined, { 'retry-after': '30' })])).toBeNull();
  });
});
