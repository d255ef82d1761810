// Fuzzing the access-log reader: Apache/nginx combined and AWS API Gateway JSON
// lines, from the corpus and generated, mutated, mixed with garbage (NUL, binary,
// broken quotes, overlong lines, invalid UTF-8), fed whole, in string chunks or in
// byte chunks cut anywhere. Every line is accounted for: read = accepted + rejected
// + without a request, and read = the input's non-empty lines.
import fc from 'fast-check';
import { corpusText, hasCorpus } from '../corpus.js';
import {
  cutAt,
  garbageText,
  hostileToken,
  httpMethod,
  maybeWrong,
  mutated,
  someLines,
  urlPath,
  withInvalidUtf8,
} from './generators.js';
import { checkObservation, fuzzReader, PropertyFailure } from './properties.js';
import { fuzzSettings } from './settings.js';
import type { AccessLogInput } from './targets.js';

const corpusLines = (file: string, max = 2000) =>
  hasCorpus
    ? corpusText(file)
        .split('\n')
        .filter((l) => l.trim())
        .slice(0, max)
    : [];
const combinedLines = [
  ...corpusLines('logs/apache-combined-elastic-examples-10k.log'),
  ...corpusLines('logs/nginx-combined-beats-test.log'),
  ...corpusLines('logs/apache-combined-lnav-bad-line.log'),
];
const awsLines = [
  ...corpusLines('logs/aws-apigw-rest-access.jsonl'),
  ...corpusLines('logs/aws-apigw-http-access.jsonl'),
];
if (combinedLines.length === 0)
  combinedLines.push(
    '127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326 "-" "-"',
  );
if (awsLines.length === 0)
  awsLines.push(
    '{"requestTime":"09/Jun/2023:12:54:08 +0000","httpMethod":"GET","routeKey":"GET /","status":"200"}',
  );

const clfTime = fc.oneof(
  fc.constant('10/Oct/2000:13:55:36 -0700'),
  fc
    .tuple(
      fc.integer({ min: 0, max: 40 }),
      fc.constantFrom('Jan', 'Feb', 'Dec', 'Foo', 'jan'),
      fc.integer({ min: 0, max: 99999 }),
      fc.integer({ min: 0, max: 99 }),
    )
    .map(([d, m, y, h]) => `${String(d).padStart(2, '0')}/${m}/${y}:${h}:00:00 +0000`),
  garbageText(30),
);

/** An Apache/nginx combined line with any field possibly hostile. */
const combinedLine = fc
  .record({
    vhost: fc.oneof(
      fc.constant(''),
      fc.constantFrom('api.example.com ', 'Shop.Example.COM:443 ', 'x.y:99999 '),
    ),
    client: fc.oneof(
      fc.constantFrom('127.0.0.1', '::1', '10.0.0.1, 10.0.0.2', '"1.2.3.4, 5.6.7.8"'),
      garbageText(12),
    ),
    user: fc.oneof(fc.constantFrom('-', 'frank', ''), garbageText(6)),
    time: clfTime,
    method: httpMethod,
    target: fc.oneof(
      urlPath,
      urlPath.map((p) => `${p}?api_key=1&x=%00`),
      fc.constantFrom(
        'http://Host.Example/a?b',
        'https://h',
        'http://h?x',
        '*',
        'ftp://h/x',
        'example.com:443',
        '',
      ),
      garbageText(24),
    ),
    protocol: fc.constantFrom(' HTTP/1.1', ' HTTP/2.0', '', ' \\"x'),
    status: fc.oneof(
      fc.constantFrom('200', '404', '599', '600', '099', '-', '20', '2000'),
      fc.string({ maxLength: 4 }),
    ),
    rest: fc.oneof(fc.constant(' 512 "-" "curl/8"'), fc.constant(''), garbageText(16)),
  })
  .map(
    (f) =>
      `${f.vhost}${f.client} - ${f.user} [${f.time}] "${f.method} ${f.target}${f.protocol}" ${f.status}${f.rest}`,
  );

/** An AWS API Gateway JSON line with fields of any type. */
const awsLine = fc
  .record(
    {
      httpMethod: maybeWrong(httpMethod),
      routeKey: maybeWrong(
        fc.oneof(
          fc.constant('$default'),
          fc.tuple(httpMethod, urlPath).map(([m, p]) => `${m} ${p}`),
        ),
      ),
      resourcePath: maybeWrong(urlPath),
      path: maybeWrong(
        fc.oneof(
          urlPath,
          urlPath.map((p) => `${p}?q=1`),
          fc.constantFrom('', '*', 'abc', '?x'),
        ),
      ),
      status: maybeWrong(fc.constantFrom('200', 404, '600', 'x')),
      requestTime: maybeWrong(clfTime),
      requestTimeEpoch: maybeWrong(fc.oneof(fc.integer(), fc.constantFrom(1e300, -1, '1700000000'))),
      domainName: maybeWrong(fc.constantFrom('API.example.com', '', 'ß.example')),
      protocol: maybeWrong(fc.constantFrom('HTTP/1.1', 'h2')),
      caller: maybeWrong(fc.constantFrom('-', 'AROA123')),
    },
    { requiredKeys: [] },
  )
  .map((r) => JSON.stringify(r));

const line = fc.oneof(
  { arbitrary: fc.constantFrom(...combinedLines), weight: 3 },
  { arbitrary: mutated(fc.constantFrom(...combinedLines)), weight: 3 },
  { arbitrary: combinedLine, weight: 4 },
  { arbitrary: fc.constantFrom(...awsLines), weight: 1 },
  { arbitrary: mutated(fc.constantFrom(...awsLines)), weight: 1 },
  { arbitrary: awsLine, weight: 3 },
  { arbitrary: garbageText(80), weight: 2 },
  { arbitrary: fc.array(hostileToken, { maxLength: 20 }).map((t) => t.join('')), weight: 1 },
  { arbitrary: fc.constantFrom('', ' ', '\r', '\t', '\u0000', '"', '[', '{'), weight: 1 },
);

const input: fc.Arbitrary<AccessLogInput> = fc
  .record({
    lines: fc.oneof(fc.array(line, { maxLength: 12 * fuzzSettings.scale }), someLines(combinedLines)),
    eol: fc.constantFrom('\n', '\r\n'),
    trailing: fc.boolean(),
    feed: fc.constantFrom('string', 'string-chunks', 'bytes', 'bytes-invalid'),
    cuts: fc.array(fc.nat(), { maxLength: 6 }),
    invalid: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    format: fc.constantFrom('auto', 'auto', 'apache', 'nginx', 'aws_api_gateway', 'aws'),
    maxLineLength: fc.option(fc.integer({ min: 1, max: 300 }), { nil: undefined }),
  })
  .map((r) => {
    const text = r.lines.join(r.eol) + (r.trailing ? r.eol : '');
    const chunks =
      r.feed === 'string'
        ? [text]
        : r.feed === 'string-chunks'
          ? cutAt(text, r.cuts)
          : cutAt(
              r.feed === 'bytes' ? Uint8Array.from(Buffer.from(text)) : withInvalidUtf8(text, r.invalid),
              r.cuts,
            );
    return {
      chunks,
      format: r.format as AccessLogInput['format'],
      ...(r.maxLineLength !== undefined ? { maxLineLength: r.maxLineLength } : {}),
    };
  });

/** The lines the reader must account for: the decoded text's non-empty lines (a final CR dropped). */
function expectedLines(input: AccessLogInput): string[] {
  const text = input.chunks.every((c) => typeof c === 'string')
    ? input.chunks.join('')
    : Buffer.concat(input.chunks.map((c) => Buffer.from(c))).toString('utf8');
  return text
    .split('\n')
    .map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l))
    .filter((l) => l !== '');
}

fuzzReader('access-log reader', 'accessLog', input, 'AccessLogError', (inp, out) => {
  const lines = expectedLines(inp);
  if (out === undefined) {
    // Only detection may refuse a whole log, and only when no line looks like one.
    if (inp.format !== 'auto') throw new PropertyFailure(`AccessLogError with format ${inp.format}`);
    return;
  }
  const { stats, observations } = out;
  if (stats.observations !== observations.length)
    throw new PropertyFailure(`stats.observations ${stats.observations} ≠ ${observations.length} emitted`);
  if (stats.linesRead !== stats.observations + stats.linesRejected + stats.linesWithoutRequest)
    throw new PropertyFailure(`counts do not add up: ${JSON.stringify({ ...stats, rejected: undefined })}`);
  // Whitespace-only input in auto mode has nothing to detect a format from: nothing is read.
  const blank = inp.format === 'auto' && lines.every((l) => !l.trim());
  if (stats.linesRead !== (blank ? 0 : lines.length))
    throw new PropertyFailure(`${stats.linesRead} lines read of ${lines.length}`);
  let previous = 0;
  for (const r of stats.rejected) {
    if (!(r.line > previous && r.line <= stats.linesRead) || r.text.length > 200 || !r.reason)
      throw new PropertyFailure(`bad rejected-line sample ${JSON.stringify(r)}`);
    previous = r.line;
  }
  for (const o of observations) checkObservation(o, 'access_log');
});
