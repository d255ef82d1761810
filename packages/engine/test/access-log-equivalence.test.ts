// The tuned access-log path (streaming reader with in-place timestamp/method
// parsing, the templater's in-place trie walk) must give exactly what the
// straightforward reference gives: same observations, stats, rejected samples
// with line numbers, and the same inventory (endpoints, counts, first/last seen).
import { describe, expect, it } from 'vitest';
import {
  Inventory,
  PathTemplater,
  avgRps,
  readAccessLog,
  splitPath,
  templatePath,
  type Observation,
} from '../src/index.js';
import { joinSegments, nameTemplate, templateSegments } from '../src/templating/index.js';
import { referenceReadClf } from './reference/access-log-reference.js';

/** Small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A log mixing every layout the reader accepts with malformed lines of every kind. */
function generateLog(lines: number, seed: number): string {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const p2 = (n: number) => String(n).padStart(2, '0');
  const out: string[] = [];
  let t = Date.UTC(2024, 1, 28, 23, 59, 0);
  for (let i = 0; i < lines; i++) {
    t += Math.floor(r() * 1500);
    const d = new Date(t);
    const zone = pick(['+0000', '-0700', '+0530', '+01:00', '']);
    let ts = `${p2(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`;
    const tsRoll = r();
    if (tsRoll < 0.05)
      ts = ts.replace(/^0/, ''); // one-digit day
    else if (tsRoll < 0.08)
      ts += `.${Math.floor(r() * 1000)}`; // fractional seconds
    else if (tsRoll < 0.1)
      ts = ts.replace(/^\d\d\/\w+/, pick(['31/Feb', '00/Jan', '30/Feb', '99/Dec'])); // rolls over
    else if (tsRoll < 0.11) ts = ts.replace(/\/\d{4}:/, '/0099:'); // two-digit year semantics of Date.UTC
    if (zone) ts += ` ${zone}`;
    const client = pick([
      '203.0.113.7',
      '2001:db8::1',
      '::1',
      '10.0.0.1, 192.0.2.44',
      '"10.0.0.1, 192.0.2.44" 203.0.113.9',
      '198.51.100.3 10.1.1.1',
      'api.example.com 203.0.113.1',
      'shop.example.com:443 2001:db8::2',
      'Shop.Example.com:8080 203.0.113.2',
      'localhost 127.0.0.1',
    ]);
    const user = pick(['-', '-', '-', 'alice', '"bob"']);
    const method = pick([
      'GET',
      'GET',
      'GET',
      'POST',
      'PUT',
      'DELETE',
      'PATCH',
      'HEAD',
      'OPTIONS',
      'PROPFIND',
      'M-SEARCH',
      'GETX',
      'PUTS',
      'get',
      'G3T',
    ]);
    const res = pick([
      'users',
      'orders',
      'items',
      'Café',
      'caf%C3%A9',
      'a%2Fb',
      '%7Bx%7D',
      '{id}',
      'v2',
      'me',
    ]);
    const id = pick([
      String(Math.floor(r() * 100_000)),
      `${Math.floor(r() * 0xffffffff)
        .toString(16)
        .padStart(8, '0')}-1b2c-4d3e-8f40-00000000${Math.floor(r() * 0xffff)
        .toString(16)
        .padStart(4, '0')}`,
      'F7E79D2A-1B2C-4D3E-8F40-47F6662FFFFF',
      `user${Math.floor(r() * 40)}`,
      `cus_${Math.floor(r() * 1e9).toString(36)}X1`,
      'alice%40example.com',
      '%31%32%33',
      '2024-05-01',
      `slug-${Math.floor(r() * 30)}`,
      '',
    ]);
    const path = pick([
      `/api/v1/${res}`,
      `/api/v1/${res}/${id}`,
      `/api/v2/${res}/${id}/${pick(['items', 'notes', 'events'])}`,
      `//api//v1/${res}/${id}/`,
      `/${id}`,
      '/',
      `/static/style${Math.floor(r() * 3)}.css`,
      `http://proxy.example/${res}/${id}`,
      `HTTPS://Other.Example:8443/${res}`,
      `/search?q=${id}#frag`,
      `/a#b/${id}`,
    ]);
    const query = pick([
      '',
      '',
      '',
      `?page=${Math.floor(r() * 5)}`,
      '?api_key=abc&x=1',
      '?token=t',
      '?',
      `?q=a%20b&sig=zz`,
    ]);
    const proto = pick([' HTTP/1.1', ' HTTP/2.0', '', ' HTTP/1.0']);
    const request =
      r() < 0.03
        ? ''
        : r() < 0.01
          ? `${method} /quote\\"d${path} HTTP/1.1`
          : `${method} ${path}${query}${proto}`;
    const status = pick(['200', '200', '201', '204', '301', '404', '500', '999', '20x', '099']);
    const tail = pick([
      '',
      ' "-" "curl/8"',
      ' "https://ref.example/?a=\\"b\\"" "Mozilla/5.0 (X11; Linux x86_64)"',
      ' "-" "ua" 0.012 "extra field"',
    ]);
    const ident = r() < 0.9 ? '-' : 'ident7';
    let text = `${client} ${ident} ${user} [${ts}] "${request}" ${status} ${Math.floor(r() * 5000)}${tail}`;
    const bad = r();
    if (bad < 0.01) text = 'garbage line without any fields';
    else if (bad < 0.02)
      text = text.slice(0, Math.floor(r() * text.length)); // truncated anywhere
    else if (bad < 0.025) text = text.replace('[', '');
    else if (bad < 0.03) text = text.replace(']', '');
    else if (bad < 0.035) text = '';
    else if (bad < 0.04) text = '   ';
    else if (bad < 0.045)
      text = `${client} [${ts}] "GET / HTTP/1.1" 200 1`; // too few fields
    else if (bad < 0.05)
      text = text.replace(/\[[^\]]*\]/, pick(['[10/Foo/2024:00:00:00 +0000]', '[]', '[x]']));
    out.push(text);
  }
  // CRLF on some lines, and one line longer than the (lowered) line limit.
  return out
    .map((l, i) => (i % 7 === 3 ? `${l}\r` : l))
    .concat(['1.2.3.4 - - [10/Oct/2024:13:55:36 +0000] "GET /' + 'x'.repeat(3000) + ' HTTP/1.1" 200 1'])
    .join('\n');
}

/** A GET of `path` on x.example, as an access log gives it. */
const observationOf = (path: string): Observation => ({
  source: 'access_log',
  domain: 'x.example',
  method: 'GET',
  path,
  query: '',
  status: 200,
  scheme: null,
  auth: null,
  requestHeaders: {},
  responseHeaders: {},
  timestamp: 1_700_000_000_000,
});

/** Cut bytes into random-sized chunks (splitting UTF-8 sequences and CRLF pairs). */
function* chunked(bytes: Buffer, seed: number): Generator<Uint8Array> {
  const r = rng(seed);
  for (let i = 0; i < bytes.length;) {
    const n = 1 + Math.floor(r() * (r() < 0.5 ? 16 : 4096));
    yield bytes.subarray(i, i + n);
    i += n;
  }
}

// Each generated-log case reads 6,000 lines twice (~0.5 s alone, 6-7 s on a loaded
// 2-core machine): budgets well above that, so load never fails them.
const HEAVY = { timeout: 60_000 };

describe('access-log fast path equals the straightforward reference', () => {
  for (const seed of [1, 2, 3]) {
    it(`generated log #${seed}: observations, stats and inventory are identical`, HEAVY, async () => {
      const text = generateLog(6000, seed);
      const maxLineLength = 2048;
      const refObs: Observation[] = [];
      const refInv = new Inventory({ cardinalityThreshold: 10 });
      const refStats = referenceReadClf(
        text,
        'default.example',
        (o) => {
          refObs.push(o);
          refInv.addObservation(o);
        },
        maxLineLength,
      );
      const fastObs: Observation[] = [];
      const fastInv = new Inventory({ cardinalityThreshold: 10 });
      const fastStats = await readAccessLog(chunked(Buffer.from(text, 'utf8'), seed), {
        format: 'apache',
        domain: 'Default.Example',
        maxLineLength,
        onObservation: (o) => {
          fastObs.push(o);
          fastInv.addObservation(o);
        },
      });
      // The generator really produced what the test is about.
      expect(refStats.linesRejected).toBeGreaterThan(200);
      expect(refStats.linesWithoutRequest).toBeGreaterThan(50);
      expect(refStats.rejected).toHaveLength(20);
      expect(refObs.some((o) => o.domain === 'shop.example.com')).toBe(true);
      expect(refObs.some((o) => o.path.includes('%'))).toBe(true);
      expect(refObs.some((o) => o.auth?.includes('query_key'))).toBe(true);

      expect(fastStats).toEqual(refStats);
      expect(fastObs).toEqual(refObs);
      const fast = fastInv.endpoints();
      const ref = refInv.endpoints();
      expect(fast.length).toBeGreaterThan(30);
      expect(fast).toEqual(ref);
      expect(fast.map(avgRps)).toEqual(ref.map(avgRps));

      // The inventory's per-leaf aggregates against plain per-endpoint sums: every
      // observation counted once under the template the finished inventory gives it.
      // Encoded slashes included: `a%2Fb` is one segment, learned or split again from a stored
      // normalizedPath (which writes it `a%2Fb`). Request lines that were not HTTP (path not
      // starting with '/') never become endpoints.
      const plainObs = refObs.filter((o) => o.path.startsWith('/') && o.method !== '-');
      const sumInv = new Inventory({ cardinalityThreshold: 10, classifyTraffic: false });
      for (const o of plainObs) sumInv.addObservation(o);
      const summed = sumInv.endpoints();
      const sums = new Map<
        string,
        { n: number; first: number; last: number; status: Record<string, number> }
      >();
      for (const o of plainObs) {
        const key = `${o.domain} ${o.method.toUpperCase()} ${sumInv.templateFor(o.domain, o.method.toUpperCase(), o.path)}`;
        const e = sums.get(key) ?? { n: 0, first: Infinity, last: -Infinity, status: {} };
        e.n++;
        e.first = Math.min(e.first, o.timestamp as number);
        e.last = Math.max(e.last, o.timestamp as number);
        const st = String(o.status);
        e.status[st] = (e.status[st] ?? 0) + 1;
        sums.set(key, e);
      }
      expect(
        new Map(
          summed.map((e) => [
            `${e.domain} ${e.method} ${e.normalizedPath}`,
            { n: e.requestCount, first: e.firstSeen, last: e.lastSeen, status: e.statusCounts },
          ]),
        ),
      ).toEqual(sums);

      // With cardinality merges: the in-place walk (learnPath) and the plain route
      // (splitPath + templateSegments + trie steps, no in-place compares) learn alike.
      const walked = new PathTemplater({ cardinalityThreshold: 5 });
      const plain = new PathTemplater({ cardinalityThreshold: 5 });
      for (const o of refObs) {
        const got = walked.learnPath(o.domain, o.path).leaf.template || '/';
        const want = joinSegments(plain.learnTyped(o.domain, templateSegments(splitPath(o.path))));
        expect(got, o.path).toBe(want);
      }
      walked.finalize();
      plain.finalize();
      for (const o of refObs)
        expect(walked.template(o.domain, splitPath(o.path))).toEqual(
          plain.template(o.domain, splitPath(o.path)),
        );

      // The templater's one-pass trie walk against splitPath + templateSegments (no merges);
      // the trie keeps unnamed parameters, templatePath names them.
      const templater = new PathTemplater({ cardinalityThreshold: Infinity });
      for (const o of refObs) {
        const { leaf } = templater.learnPath(o.domain, o.path);
        expect(nameTemplate(leaf.template || '/'), o.path).toBe(templatePath(o.path).normalizedPath);
      }
    });
  }

  it('large byte chunks (decoded in 64 KiB pieces) read like the text itself', HEAVY, async () => {
    // Paths made mostly of 2-, 3- and 4-byte UTF-8 sequences, so that piece boundaries
    // fall inside them (and inside CRLF pairs).
    const lines: string[] = [];
    for (let i = 0; i < 12_000; i++) {
      const word = ['\u00e9'.repeat(30), '\u20ac'.repeat(25), '\u{1F600}'.repeat(20), 'plain'][
        i % 4
      ] as string;
      const pad = 'p'.repeat(i % 11);
      lines.push(
        `203.0.113.${i % 250} - - [01/May/2024:00:00:${String(i % 60).padStart(2, '0')} +0000] "GET /api/v1/${word}${pad}/${i} HTTP/1.1" 200 ${i}${i % 5 === 0 ? '\r' : ''}`,
      );
    }
    lines.push(generateLog(3000, 9));
    const text = lines.join('\n');
    const bytes = Buffer.from(text, 'utf8');
    expect(bytes.length).toBeGreaterThan(4 * 65536);
    const read = async (input: Iterable<string | Uint8Array> | string) => {
      const obs: Observation[] = [];
      const stats = await readAccessLog(input, { format: 'apache', onObservation: (o) => obs.push(o) });
      return { obs, stats };
    };
    const fromText = await read(text);
    expect(fromText.obs.some((o) => o.path.includes('\u{1F600}'))).toBe(true);
    // The whole file as one chunk, and in odd-sized chunks larger than a piece.
    expect(await read([bytes])).toEqual(fromText);
    const odd: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += 100_003) odd.push(bytes.subarray(i, i + 100_003));
    expect(await read(odd)).toEqual(fromText);
  });

  it('invalid UTF-8 and a character cut between chunks read as when decoded whole', async () => {
    const line = (path: string) =>
      Buffer.from(`203.0.113.1 - - [01/May/2024:00:00:01 +0000] "GET ${path} HTTP/1.1" 200 1\n`, 'latin1');
    const parts = [
      line('/api/v1/a'),
      // A line ending in a lead byte with nothing after it: the decoder holds it.
      Buffer.concat([line('/api/v1/b').subarray(0, 30), Buffer.from([0xc3])]),
      // The next chunk is plain ASCII: the held byte becomes U+FFFD before it.
      Buffer.concat([line('/api/v1/c').subarray(30), line('/api/v1/d')]),
      Buffer.concat([line('/api/v1/e\u0080x'), line('/api/v1/f')]), // a stray continuation byte
      Buffer.from([0xe2, 0x82]),
      Buffer.concat([Buffer.from([0xac]), line('/api/v1/g')]), // a 3-byte character cut twice
    ];
    const read = async (chunks: Uint8Array[]) => {
      const obs: Observation[] = [];
      const stats = await readAccessLog(chunks, { format: 'apache', onObservation: (o) => obs.push(o) });
      return { obs, stats };
    };
    const whole = await read([Buffer.concat(parts)]);
    expect(whole.stats.linesRead).toBe(6);
    expect(whole.obs.map((o) => o.path)).toContain('/api/v1/e\u0080x'.replace('\u0080', '\ufffd'));
    expect(await read(parts)).toEqual(whole);
    expect(
      await read(Buffer.concat(parts).reduce<Uint8Array[]>((a, b) => [...a, Uint8Array.of(b)], [])),
    ).toEqual(whole);
  });

  it('PII in a literal path segment counts on every request, not only the first', () => {
    const inv = new Inventory();
    const observe = (path: string) => inv.addObservation(observationOf(path));
    // The second and third requests reach the learned literal child in place.
    for (let i = 0; i < 3; i++) observe('/api/v1/call/+1-202-555-0143');
    for (let i = 0; i < 2; i++) observe('/api/v1/call/%2B1-202-555-0199');
    // Whether the two numbers stay literals or merge into a parameter, each request counts once.
    const endpoints = inv.endpoints();
    const total = (f: (e: (typeof endpoints)[number]) => number) => endpoints.reduce((n, e) => n + f(e), 0);
    expect(total((e) => e.requestCount)).toBe(5);
    for (const e of endpoints)
      expect(e.pii).toEqual([
        expect.objectContaining({
          type: 'phone',
          location: 'request.path',
          by: 'value',
          count: e.requestCount,
        }),
      ]);
  });

  it('the in-place compare never sees children that a merge removed', () => {
    const t = new PathTemplater({ cardinalityThreshold: 5 });
    t.learnPath('d', '/users/me');
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank']) {
      for (let i = 0; i < 3; i++) t.learnPath('d', `/users/${name}`);
    }
    // 'me' (reserved) stays a literal child; the names merged into {param}.
    expect(t.learnPath('d', '/users/me').leaf.template).toBe('/users/me');
    expect(t.learnPath('d', '/users/alice').leaf.template).toBe('/users/{param}');
    expect(t.learnPath('d', '/users/zoe').leaf.template).toBe('/users/{param}');
  });

  it('the in-place trie walk templates like splitPath + templateSegments', () => {
    const paths = [
      '/api/v1/users/42',
      '/api/v1/users/F7E79D2A-1B2C-4D3E-8F40-47F6662FFFFF',
      '/api/v1/users/f7e79d2a-1b2c-4d3e-8f40-47f6662fffff',
      '/api/v1/users/f7e79d2a-1b2c-4d3e-8f40-47f6662fffffa',
      '/api/v1/users/g7e79d2a-1b2c-4d3e-8f40-47f6662fffff',
      '/api/v1/users/f7e79d2a/1b2c-4d3e-8f40-47f6662fffff',
      '/api/v1/users/%31%32',
      '/api/v1/users/me',
      '/api/v1/caf%C3%A9/7',
      '/api/v1/caf\u00e9/8',
      '/api/v1/a%2Fb',
      '/api/v1/%7Bx%7D',
      '/api/v1/{id}',
      '/2024-01-01/charges',
      '//api//v1//users/',
      '/',
      '',
      // Known literals met again, ended by '?', '#', '/' or the end, or only a prefix of the segment.
      '/api/v1/users?x=1',
      '/api/v1/users#top',
      '/api/v1/users/',
      '/api/v1/usersX/3',
      '/api/v1/user/3',
      '/api/v1/caf\u00e9/9',
      '/api/v1/caf%C3%A9/10',
      '/api/v1/\u20acuro/\u{1F600}/4',
      '/api/v1/\u20acuro/\u{1F600}/5',
      '/api/v1/a%2Fb',
      '/api/v1/a/b',
      `/api/v1/${'long'.repeat(300)}/7`,
      `/api/v1/${'long'.repeat(300)}/8`,
      `/api/v1/${'x'.repeat(70_000)}/9`,
      '/api/v1/users/42',
    ];
    const inv = new Inventory();
    for (const path of paths) {
      const agg = inv.addObservation(observationOf(path));
      expect(agg?.normalizedPath, path).toBe(templatePath(path).normalizedPath);
    }
  });
});
