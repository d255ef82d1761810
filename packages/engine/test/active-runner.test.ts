// The runner against the deliberately vulnerable fixture API: flaws confirmed
// with evidence, the secure switch yields no confirmed finding, the safety
// rules hold.
import { afterEach, describe, expect, it } from 'vitest';
import {
  activeEndpointsFromObservations,
  activeEndpointsFromOpenApi,
  loadBuiltinTemplates,
  parseTemplates,
  readHar,
  runActiveTests,
  selectTemplates,
  TemplateError,
  type Identity,
  type RunOptions,
} from '../src/index.js';
import { main } from '../src/cli/main.js';
import { startVulnerableApi, type VulnerableApi } from '../../../fixtures/vulnerable-api/server.js';
import { harOf } from '../../../fixtures/vulnerable-api/har.js';
import { fixtureIdentities, fixtureLogin } from '../../../fixtures/vulnerable-api/identities.js';
import { fetchTransport, fixtureSpec } from './active-helpers.js';

const library = loadBuiltinTemplates();
// timed proofs wait seconds by design; the connectors suite runs them
const untimed = library.filter((t) => !t.proof.some((c) => c.slower || c.timeGrowth));
const endpoints = activeEndpointsFromOpenApi(fixtureSpec);
let api: VulnerableApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

function options(target: VulnerableApi, extra: Partial<RunOptions> = {}): RunOptions {
  return {
    endpoints,
    baseUrl: target.url,
    identities: fixtureIdentities(target),
    tests: untimed,
    transport: fetchTransport,
    budget: { ratePerSec: 1000 },
    ...extra,
  };
}

describe('templates', () => {
  it('loads the built-in library with unique ids', () => {
    expect(library.length).toBeGreaterThan(0);
    expect(new Set(library.map((t) => t.id)).size).toBe(library.length);
  });

  it('names the template and field of an invalid template', () => {
    const bad = `id: my-test\ntitle: Broken\nowasp: API1\nseverity: urgent\ndescription: something long\nremediation: something long\nreferences: [https://example.com]\nsteps: [{ name: a }]\nproof: [{ status: 2xx }]\n`;
    expect(() => parseTemplates(bad, 'mine.yaml')).toThrow(TemplateError);
    expect(() => parseTemplates(bad, 'mine.yaml')).toThrow(/mine\.yaml: template my-test: severity/);
  });

  it('refuses a proof that names a step that does not exist', () => {
    const bad = `id: my-test\ntitle: Broken\nowasp: API1\nseverity: low\ndescription: something long\nremediation: something long\nreferences: [https://example.com]\nsteps: [{ name: a }]\nproof: [{ step: b, status: 2xx }]\n`;
    expect(() => parseTemplates(bad)).toThrow(/no step "b"/);
  });

  it('refuses steps that point at internal addresses: SSRF goes to the canary', () => {
    const head = `id: my-ssrf\ntitle: Metadata\nowasp: API7\nseverity: high\ndescription: something long\nremediation: something long\nreferences: [https://example.com]\nproof: [{ canaryHit: true }]\n`;
    const refused = [
      `steps: [{ name: a, inject: { in: query, values: ['http://169.254.169.254/latest/meta-data/'] } }]`,
      `steps: [{ name: a, mutate: { body: { hook: { url: 'http://user@127.0.0.1:8080/' } } } }]`,
      `steps: [{ name: a, mutate: { headers: { x-target: '10.0.0.7' } } }]`,
      `steps: [{ name: a, inject: { values: ['gopher://metadata.google.internal/'] } }]`,
      `steps: [{ name: a, inject: { values: ['http://[::1]/'] } }]`,
    ];
    for (const steps of refused)
      expect(() => parseTemplates(head + steps, 'mine.yaml'), steps).toThrow(
        /mine\.yaml: template my-ssrf: steps\.0: points at an internal address \(.+\): SSRF tests use \{\{canary\}\}/,
      );
    // the canary and public hosts are fine
    const allowed = `steps: [{ name: a, inject: { values: ['{{canary}}', 'https://evil-argus.example/', '8.8.8.8'] } }]`;
    expect(parseTemplates(head + allowed)).toHaveLength(1);
  });
});

describe('template selection', () => {
  it('refuses a YAML alias bomb with a TemplateError', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from({ length: 8 }, (_, i) => {
        const prev = i === 0 ? 'a' : `l${i - 1}`;
        return `l${i}: &l${i} [*${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}]`;
      }),
    ].join('\n');
    expect(() => parseTemplates(bomb, 'bomb.yaml')).toThrow(TemplateError);
  });

  it('lets a user template replace a built-in by id and switches tests off', () => {
    const mine = parseTemplates(
      `id: bola-path-id-swap\ntitle: My BOLA\nowasp: API1\nseverity: critical\ndescription: my own version\nremediation: fix it please\nreferences: [https://example.com]\nsteps: [{ name: a }]\nproof: [{ status: 2xx }]\n`,
    );
    const selected = selectTemplates(library, mine, { disabled: ['auth-no-token'] });
    expect(selected.find((t) => t.id === 'bola-path-id-swap')?.title).toBe('My BOLA');
    expect(selected.some((t) => t.id === 'auth-no-token')).toBe(false);
    expect(selected).toHaveLength(library.length - 1);
    expect(selectTemplates(library, [], { only: ['auth-no-token'] }).map((t) => t.id)).toEqual([
      'auth-no-token',
    ]);
  });
});

describe('runActiveTests on the vulnerable fixture', () => {
  it(
    'confirms planted flaws with the request/response pair and a curl line',
    { timeout: 120_000 },
    async () => {
      api = await startVulnerableApi();
      const run = await runActiveTests(options(api, { intrusiveConfirmed: true }));
      const confirmed = run.results.filter((r) => r.outcome === 'confirmed');
      const bola = confirmed.find(
        (r) => r.testId === 'bola-path-id-swap' && r.endpoint.path === '/api/users/{id}',
      );
      expect(bola).toBeDefined();
      const proof = bola!.evidence.at(-1)!;
      expect(proof.identity).toBe('bob');
      expect(proof.request.url).toMatch(/\/api\/users\/1$/);
      expect(proof.response?.body).toContain('alice@fixture.test');
      expect(proof.curl).toMatch(
        /^curl -sS -X GET '.*\/api\/users\/1' -H 'authorization: Bearer '"\$ARGUS_BOB_TOKEN"/,
      );
      // no credential in what is recorded
      const recorded = JSON.stringify(run.exchanges);
      expect(recorded).not.toContain(api.tokenFor('bob').split('.')[2]);
      expect(recorded).not.toContain('alice-pass-1');
      expect(confirmed.map((r) => r.testId)).toEqual(
        expect.arrayContaining([
          'auth-no-token',
          'auth-jwt-alg-none',
          'sqli-error-based',
          'cors-credentials-any-origin',
          'header-missing-nosniff',
        ]),
      );
    },
  );

  it('confirms nothing on the secure switch', { timeout: 120_000 }, async () => {
    api = await startVulnerableApi({ secure: true });
    const run = await runActiveTests(options(api, { intrusiveConfirmed: true }));
    expect(run.results.filter((r) => r.outcome === 'confirmed')).toEqual([]);
    expect(run.results.filter((r) => r.outcome === 'not-vulnerable').length).toBeGreaterThan(0);
  });

  it('never calls a destructive operation without permission', { timeout: 120_000 }, async () => {
    api = await startVulnerableApi();
    // a test that would call every endpoint, whatever its method or path
    const everything = parseTemplates(
      `id: call-everything\ntitle: Calls every endpoint\nowasp: API8\nseverity: low\ndescription: sends the baseline request\nremediation: nothing to remediate\nreferences: [https://example.com]\nsteps: [{ name: call, as: A }]\nproof: [{ status: 2xx }]\n`,
    );
    const run = await runActiveTests(
      options(api, { tests: [...untimed, ...everything], intrusiveConfirmed: true }),
    );
    expect(api.calls.get('GET /createdb') ?? 0).toBe(0);
    // the only deletions are the clean-up of what the run itself created
    const created = run.exchanges.filter((e) => e.step === 'learn-create' && e.response?.status === 201);
    const deleted = run.exchanges.filter((e) => e.request.method === 'DELETE');
    expect(deleted.every((e) => e.step === 'cleanup')).toBe(true);
    expect(deleted).toHaveLength(created.length);
    expect(run.cleanup?.removed).toHaveLength(created.length);
    const refused = run.results.filter((r) => /destructive operation not allowed/.test(r.detail));
    expect(refused.map((r) => `${r.endpoint.method} ${r.endpoint.path}`)).toEqual(
      expect.arrayContaining(['GET /createdb', 'DELETE /api/admin/users/{id}', 'DELETE /api/books/{bookId}']),
    );
    // with permission, it is called (on a fresh fixture: the first run changed alice's password)
    await api.close();
    api = await startVulnerableApi();
    const allowed = await runActiveTests(
      options(api, { tests: everything, intrusiveConfirmed: true, allowDestructive: true }),
    );
    expect(allowed.results.find((r) => r.endpoint.path === '/createdb')).toMatchObject({
      outcome: 'confirmed',
    });
    expect(api.calls.get('GET /createdb')).toBe(1);
  });

  it('runs no intrusive test without the test-environment confirmation', { timeout: 120_000 }, async () => {
    api = await startVulnerableApi();
    const everything = parseTemplates(
      `id: call-everything\ntitle: Calls every endpoint\nowasp: API8\nseverity: low\ndescription: sends the baseline request\nremediation: nothing to remediate\nreferences: [https://example.com]\nsteps: [{ name: call, as: A }]\nproof: [{ status: 2xx }]\n`,
    );
    const run = await runActiveTests(options(api, { tests: [...untimed, ...everything] }));
    const posts = [...api.calls.keys()].filter(
      (k) => /^(POST|PUT|PATCH|DELETE) /.test(k) && k !== 'POST /api/login',
    );
    expect(posts).toEqual([]);
    expect(run.results.some((r) => /intrusive test/.test(r.detail))).toBe(true);
  });

  it('logs in again when the token is due for refresh', { timeout: 60_000 }, async () => {
    api = await startVulnerableApi();
    const identities = fixtureIdentities(api);
    const alice = identities[0]!;
    if (alice.auth.kind === 'login') alice.auth.refreshAfterSeconds = 1;
    let clock = 0;
    const run = await runActiveTests(
      options(api, {
        identities,
        tests: library.filter((t) => t.id === 'bola-path-id-swap'),
        // every reading of the clock is a second later: each request finds the token due
        now: () => (clock += 1000),
        sleep: async () => {},
      }),
    );
    expect(run.results.some((r) => r.outcome === 'confirmed')).toBe(true);
    expect(api.calls.get('POST /api/login')).toBeGreaterThan(1);
    expect(run.exchanges.filter((e) => e.step === 'login')).toHaveLength(api.calls.get('POST /api/login')!);
  });

  it(
    'authenticates by cookie, and by logins whose token comes from a header or a cookie',
    { timeout: 60_000 },
    async () => {
      api = await startVulnerableApi();
      const [alice, bob] = fixtureIdentities(api);
      const identities: Identity[] = [
        {
          ...alice!,
          auth: fixtureLogin(
            'alice',
            'alice-pass-1',
            { from: 'cookie', path: 'session' },
            { as: 'cookie', name: 'session' },
          ),
        },
        { ...bob!, auth: { kind: 'cookie', name: 'session', value: api.tokenFor('bob') } },
        {
          name: 'carol',
          auth: fixtureLogin('bob', 'bob-pass-2', { from: 'header', path: 'X-Auth-Token' }),
          values: { id: '2', bookId: '2' },
        },
      ];
      const run = await runActiveTests(
        options(api, {
          endpoints: endpoints.filter((e) => e.method === 'GET' && e.path === '/api/books/{bookId}'),
          identities,
          tests: library.filter((t) => t.id === 'bola-path-id-swap'),
        }),
      );
      // bob's cookie reads alice's book, which alice's cookie session fetched first
      expect(run.results).toMatchObject([{ outcome: 'confirmed' }]);
      const evidence = run.results[0]!.evidence;
      const [owner, attack] = [evidence[0]!, evidence.at(-1)!];
      expect(owner.request.headers).toEqual({ cookie: 'session=$ARGUS_ALICE_TOKEN' });
      expect(attack.request.headers).toEqual({ cookie: 'session=$ARGUS_BOB_TOKEN' });
      expect(attack.response!.body).toContain('alice-private-note-7f3a');

      // carol's login answers its token in a header; sent as a bearer token
      const carol = await runActiveTests(
        options(api, {
          endpoints: endpoints.filter((e) => e.method === 'GET' && e.path === '/api/users/{id}'),
          identities: [identities[0]!, identities[2]!],
          tests: library.filter((t) => t.id === 'bola-path-id-swap'),
        }),
      );
      expect(carol.results).toMatchObject([{ outcome: 'confirmed' }]);
      const sentByCarol = carol.exchanges.filter((e) => e.identity === 'carol' && e.step !== 'login');
      expect(sentByCarol.map((e) => e.request.headers['authorization'])).toEqual(
        sentByCarol.map(() => 'Bearer $ARGUS_CAROL_TOKEN'),
      );
      expect(JSON.stringify(carol.exchanges)).not.toContain('bob-pass-2');
      // the tokens the logins answered (body, header, cookie) are redacted in the login exchanges too
      expect(api.issued.length).toBeGreaterThanOrEqual(3);
      for (const token of api.issued) {
        expect(JSON.stringify(run.exchanges)).not.toContain(token.split('.')[2]);
        expect(JSON.stringify(carol.exchanges)).not.toContain(token.split('.')[2]);
      }
      expect(
        carol.exchanges.find((e) => e.identity === 'carol' && e.step === 'login')!.response!.headers[
          'x-auth-token'
        ],
      ).toBe('$ARGUS_CAROL_TOKEN');
    },
  );

  it('logs in again when the token expires', { timeout: 60_000 }, async () => {
    // tokens live 6 s and are refused after; the runner logs in again 5 s before `exp`
    api = await startVulnerableApi({ tokenTtlSeconds: 6 });
    const identities = fixtureIdentities(api);
    const started = Date.now();
    const run = await runActiveTests(
      options(api, {
        identities,
        endpoints: endpoints.filter(
          (e) => e.method === 'GET' && ['/api/users/{id}', '/api/books/{bookId}'].includes(e.path),
        ),
        tests: library.filter((t) => t.id === 'bola-path-id-swap'),
        // slow enough that the run outlives alice's first token's 1 s of freshness
        budget: { ratePerSec: 2 },
      }),
    );
    expect(Date.now() - started).toBeGreaterThan(2000);
    expect(api.calls.get('POST /api/login')).toBeGreaterThanOrEqual(2);
    const alices = run.exchanges.filter((e) => e.identity === 'alice' && e.step !== 'login');
    expect(alices.length).toBeGreaterThan(0);
    expect(alices.filter((e) => e.response?.status === 401)).toEqual([]);
    expect(run.results.filter((r) => r.outcome === 'confirmed').length).toBeGreaterThan(0);
  });

  it('logs in again once after a 401 when the token has aged', { timeout: 60_000 }, async () => {
    api = await startVulnerableApi({ secure: true });
    const target = api;
    let clock = 0;
    let rotated = false;
    const run = await runActiveTests(
      options(target, {
        endpoints: endpoints.filter((e) => e.method === 'GET' && e.path === '/api/users/{id}'),
        tests: library.filter((t) => t.id === 'auth-no-token'),
        // every reading of the clock is 5 s later: the token has aged by the time the 401 comes
        now: () => (clock += 5000),
        sleep: async () => {},
        // the API revokes every token right after alice logged in
        onEvent: (e) => {
          if (e.type === 'request' && e.exchange.step === 'login' && !rotated) {
            rotated = true;
            target.rotateKey();
          }
        },
      }),
    );
    expect(target.calls.get('POST /api/login')).toBe(2);
    // alice's request succeeded with the new token, so the test ran (and the secure API is not vulnerable)
    expect(run.results).toMatchObject([{ testId: 'auth-no-token', outcome: 'not-vulnerable' }]);
  });

  it('takes its baselines from observed traffic (a HAR)', { timeout: 60_000 }, async () => {
    api = await startVulnerableApi();
    const har = harOf(api.url, [
      { method: 'GET', path: '/api/users/1', status: 200, body: '{"id":1,"email":"alice@fixture.test"}' },
    ]);
    const endpoints = activeEndpointsFromObservations(readHar(har).observations);
    expect(endpoints).toMatchObject([{ method: 'GET', path: '/api/users/{userId}', authRequired: true }]);
    const identities = fixtureIdentities(api).map(({ values: _values, ...rest }) => rest);
    const run = await runActiveTests(
      options(api, { endpoints, identities, tests: library.filter((t) => t.id === 'bola-path-id-swap') }),
    );
    // the observed request (alice's object 1) replayed with bob's token; bob's own answer has the same id
    expect(run.results[0]).toMatchObject({ outcome: 'confirmed', endpoint: { path: '/api/users/{userId}' } });
  });

  it('stops at the request budget and says so', { timeout: 60_000 }, async () => {
    api = await startVulnerableApi();
    const run = await runActiveTests(options(api, { budget: { maxRequests: 5, ratePerSec: 1000 } }));
    expect(run.requestsSent).toBe(5);
    expect(run.stopped).toBe('budget');
    expect(run.results.at(-1)?.detail).toMatch(/request budget of 5 reached/);
  });

  it('refuses to run from the engine CLI without a transport', async () => {
    let stderr = '';
    const io = {
      stdin: (async function* () {})(),
      stdout: { write: () => true },
      stderr: { write: (s: string) => (stderr += s) },
      isTTY: false,
    };
    expect(await main(['test', '--spec', 'x.yaml', '--base-url', 'http://127.0.0.1:1'], io)).toBe(2);
    expect(stderr).toMatch(/argus test sends requests: run it as `npx argus test`/);
  });

  it('stops when cancelled', { timeout: 60_000 }, async () => {
    api = await startVulnerableApi();
    const controller = new AbortController();
    const run = await runActiveTests(
      options(api, {
        signal: controller.signal,
        onEvent: (e) => {
          if (e.type === 'request' && e.exchange.step !== 'login') controller.abort();
        },
      }),
    );
    expect(run.stopped).toBe('cancelled');
    expect(run.requestsSent).toBe(2);
  });

  it('aborts the request in flight when cancelled', { timeout: 60_000 }, async () => {
    api = await startVulnerableApi();
    const target = api;
    const controller = new AbortController();
    const run = await runActiveTests(
      options(target, {
        endpoints: endpoints.filter((e) => e.path === '/api/search'),
        tests: library.filter((t) => t.id === 'sqli-time-based'),
        signal: controller.signal,
        learn: false,
        // cancel once the API is busy answering the first SLEEP(3) injection (after the SLEEP(0) controls)
        transport: (request) => {
          const answer = fetchTransport(request);
          if (/sleep\(3\)/i.test(decodeURIComponent(request.url))) {
            const poll = setInterval(() => {
              if (target.inFlight.includes('GET /api/search')) {
                clearInterval(poll);
                controller.abort();
              }
            }, 5);
            void answer.finally(() => clearInterval(poll)).catch(() => {});
          }
          return answer;
        },
      }),
    );
    expect(run.stopped).toBe('cancelled');
    // the API saw its caller hang up: the request was aborted, not waited for
    await expect.poll(() => target.hungUp, { timeout: 10_000 }).toEqual(['GET /api/search']);
    // the aborted request left no exchange behind: only the plain baseline request, the SLEEP(0) controls
    // (and alice's login)
    expect(new Set(run.exchanges.map((e) => e.step))).toEqual(new Set(['login', 'plain', 'control']));
  });
});
