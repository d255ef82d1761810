// An uploaded template's regex cannot freeze the server: proof patterns run on RE2 (linear time),
// so `(a+)+b` against a target answering 29 a's and "!" leaves /healthz answering throughout the run
// (a backtracking engine took ~78 s there), and a pattern that needs a backreference is refused at
// upload with a message naming the pattern and the feature.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainSchema, testRunDetailSchema, testRunSchema } from '@argus/api';
import { createTestApp, databaseKinds, json, type TestApp } from '../helpers.js';

const SPEC = `openapi: 3.0.3
info: { title: Hostile answers, version: '1' }
paths:
  /answer:
    get:
      responses:
        '200': { description: an answer }
`;

const template = (id: string, proofBody: string) => `
id: ${id}
title: A user's proof pattern
owasp: API8
severity: low
description: A proof pattern an administrator uploaded.
remediation: Nothing to remediate here.
references: ['https://owasp.org/API-Security/']
match: { methods: [GET], path: '^/answer$' }
steps: [{ name: probe, as: none }]
proof: [{ status: 2xx, body: ${JSON.stringify(proofBody)} }]
`;

describe.each(databaseKinds)('template regexes (%s)', (kind) => {
  let t: TestApp;
  let target: Server;
  let argusUrl: string;
  let domainId: string;
  let hostileAnswers = 0;

  const upload = (content: string) =>
    t.inject({
      method: 'POST',
      url: `/api/v1/domains/${domainId}/test-templates`,
      payload: { fileName: 'mine.yaml', content },
    });

  beforeAll(async () => {
    target = createServer((_req, res) => {
      hostileAnswers++;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`${'a'.repeat(29)}!`);
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    t = await createTestApp(kind, { allowPrivateUrls: true });
    argusUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    domainId = json(
      await t.inject({ method: 'POST', url: '/api/v1/domains', payload: { name: 'regex.fixture.test' } }),
      domainSchema,
    ).id;
    const source = await t.inject({
      method: 'POST',
      url: `/api/v1/domains/${domainId}/discovery-sources`,
      payload: { type: 'openapi', name: 'Spec', config: { fileContent: SPEC, fileName: 'openapi.yaml' } },
    });
    expect(source.statusCode, source.body).toBe(201);
    const { port } = target.address() as AddressInfo;
    const settings = await t.inject({
      method: 'PUT',
      url: `/api/v1/domains/${domainId}/security-tests`,
      payload: { baseUrl: `http://127.0.0.1:${port}` },
    });
    expect(settings.statusCode, settings.body).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => target?.close(resolve));
  });

  it('refuses a backreference at upload, naming the pattern and the feature', async () => {
    const res = await upload(template('mine-backref', '(a)\\1'));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].message).toBe(
      'mine.yaml: template mine-backref: proof.0.body: pattern "(a)\\\\1" uses a backreference (\\1), which the linear-time regex engine (RE2) does not support',
    );
  });

  it('runs (a+)+b against the hostile answer while /healthz keeps answering', async () => {
    const accepted = await upload(template('mine-nested', '(a+)+b'));
    expect(accepted.statusCode, accepted.body).toBe(201);
    const started = await t.inject({
      method: 'POST',
      url: `/api/v1/domains/${domainId}/test-runs`,
      payload: { testIds: ['mine-nested'] },
    });
    expect(started.statusCode, started.body).toBe(202);
    let finished = false;
    const idle = t.app.argus.testRunner.idle().then(() => (finished = true));
    let answers = 0;
    do {
      const health = await fetch(`${argusUrl}/healthz`);
      expect(health.status).toBe(200);
      answers++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    } while (!finished);
    await idle;
    expect(answers).toBeGreaterThan(0);
    const { id } = json(started, testRunSchema);
    const run = json(await t.inject({ method: 'GET', url: `/api/v1/test-runs/${id}` }), testRunDetailSchema);
    expect(run.status).toBe('completed');
    const result = run.results.find((r) => r.testId === 'mine-nested');
    expect(result, JSON.stringify(run.results)).toMatchObject({ path: '/answer' });
    expect(result!.outcome).toBe('passed');
    expect(hostileAnswers).toBeGreaterThan(0);
  }, 60_000);
});
