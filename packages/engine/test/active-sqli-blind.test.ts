// Boolean-based blind SQL injection against a real HTTP server: a search whose
// `q` is pasted into a condition (a true condition answers as the plain search,
// a false one answers nothing) beside a strict `page` parameter and an ignored
// `lang`, and the same search with bound parameters. Pairs must compare the
// same parameter: page's 400 against lang's unchanged answer proves nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadBuiltinTemplates, runActiveTests, type ActiveEndpoint } from '../src/index.js';
import { fetchTransport } from './active-helpers.js';

const TITLES = ['hello world', 'hello again', 'goodbye'];

/** `WHERE title LIKE '%q%'` built from text when vulnerable; `page` must be a number either way. */
function searchServer(vulnerable: boolean): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const q = url.searchParams.get('q') ?? '';
    const page = url.searchParams.get('page') ?? '1';
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname !== '/api/search') return answer(404, { error: 'not found' });
    if (!/^\d+$/.test(page)) return answer(400, { error: 'page must be a number' });
    let term = q;
    let condition = true;
    const sql = /^(.*?)' AND '(\w+)'='(\w+)(?:'-- )?$/.exec(q);
    if (vulnerable && sql) {
      term = sql[1]!;
      condition = sql[2] === sql[3];
    }
    answer(200, { results: condition ? TITLES.filter((t) => t.includes(term)) : [] });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const endpoint: ActiveEndpoint = {
  method: 'GET',
  path: '/api/search',
  params: [
    { name: 'page', in: 'query', type: 'id', example: '1' },
    { name: 'q', in: 'query', type: 'string', example: 'hello' },
    { name: 'lang', in: 'query', type: 'string', example: 'en' },
  ],
};

describe('boolean-based blind SQL injection', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  const run = async (vulnerable: boolean) => {
    server = await searchServer(vulnerable);
    const { port } = server.address() as AddressInfo;
    const result = await runActiveTests({
      endpoints: [endpoint],
      baseUrl: `http://127.0.0.1:${port}`,
      identities: [{ name: 'alice', auth: { kind: 'bearer', token: 'alice-token' } }],
      tests: loadBuiltinTemplates().filter((t) => t.id === 'sqli-boolean-based'),
      transport: fetchTransport,
      learn: false,
      budget: { ratePerSec: 1000 },
    });
    return { result: result.results[0]!, exchanges: result.exchanges };
  };

  it('confirms a condition that decides the answer, with the true, false and plain answers', async () => {
    const { result } = await run(true);
    expect(result.outcome).toBe('confirmed');
    const [plain, truthy, falsy] = result.evidence;
    expect(plain!.request.url).toMatch(/q=hello&lang=en$/);
    expect(truthy!.request.url).toContain("q=hello'%20AND%20'1'%3D'1");
    expect(falsy!.request.url).toContain("q=hello'%20AND%20'1'%3D'2");
    expect(truthy!.response!.body).toBe(plain!.response!.body);
    expect(JSON.parse(falsy!.response!.body)).toEqual({ results: [] });
  });

  it('confirms nothing with bound parameters, though one parameter answers 400 and one ignores them', async () => {
    const { result, exchanges } = await run(false);
    expect(result.outcome).toBe('not-vulnerable');
    // the strict parameter's answers differ from the plain one's: judged against their own pair, they prove nothing
    expect(exchanges.some((e) => e.response?.status === 400)).toBe(true);
  });
});
