// Fuzzing the HAR reader: corpus exports (Chrome, mitmproxy, with a BOM) mutated as
// text and as trees, generated HAR documents with hostile URLs, methods, headers and
// bodies (base64 too), and garbage. Every entry is either an observation or counted
// as rejected; a document that is not a HAR fails with HarError.
import fc from 'fast-check';
import { corpusText, hasCorpus } from '../corpus.js';
import {
  garbageText,
  hostileToken,
  httpMethod,
  maybeWrong,
  mutated,
  mutatedTree,
  urlPath,
  wrongType,
} from './generators.js';
import { checkObservation, fuzzReader, PropertyFailure } from './properties.js';
import { fuzzSettings } from './settings.js';

const corpusHars = hasCorpus
  ? [
      'http-samples/har-to-openapi-auth-variants.har',
      'http-samples/har-to-openapi-one-post-json-cookie.har',
      'http-samples/har-to-openapi-url.har',
      'http-samples/mitmproxy-browser-export-with-bom.har',
    ].map(corpusText)
  : [
      '{"log":{"entries":[{"request":{"method":"GET","url":"https://a.example/x?y=1","headers":[]},"response":{"status":200}}]}}',
    ];
const corpusDocs = corpusHars.map((t) => JSON.parse(t.replace(/^\uFEFF/, '')) as unknown);

const url = fc.oneof(
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom('https://', 'http://', 'HTTPS://'),
        fc.constantFrom('api.example.com', 'H.EXAMPLE:443', '[::1]:8080', 'x'),
        urlPath,
        fc.constantFrom('', '?a=1', '?token=x&%zz', '#f'),
      )
      .map((p) => p.join('')),
    weight: 8,
  },
  {
    arbitrary: fc.constantFrom(
      'data:text/plain,hi',
      'about:blank',
      'blob:https://a/x',
      'mailto:a@b',
      'ws://h/s',
      'chrome-extension://id/p',
      'file:///etc/passwd',
      'urn:x',
      'http://',
      '/relative',
      '',
    ),
    weight: 2,
  },
  { arbitrary: garbageText(30), weight: 1 },
);

const header = fc.record(
  {
    name: maybeWrong(
      fc.oneof(
        fc.constantFrom('Authorization', 'Cookie', 'x-api-key', ':authority', 'Content-Type', ''),
        hostileToken,
      ),
    ),
    value: maybeWrong(
      fc.oneof(fc.constantFrom('Bearer x', 'basic', 'AWS4-HMAC', 'sid=1; a=b', ''), garbageText(20)),
    ),
  },
  { requiredKeys: [] },
);

const content = fc.record(
  {
    text: maybeWrong(fc.oneof(garbageText(60), fc.json(), fc.constantFrom('eyJhIjoxfQ==', '!!!', '===='))),
    encoding: maybeWrong(fc.constantFrom('base64', 'utf8', '')),
    mimeType: maybeWrong(fc.constantFrom('application/json', 'image/png', 'text/html', '')),
  },
  { requiredKeys: [] },
);

const entry = fc.record(
  {
    startedDateTime: maybeWrong(fc.constantFrom('2024-01-01T00:00:00Z', 'not a date', '')),
    request: maybeWrong(
      fc.record(
        {
          method: maybeWrong(httpMethod),
          url: maybeWrong(url),
          headers: maybeWrong(fc.array(maybeWrong(header), { maxLength: 4 })),
          postData: maybeWrong(
            fc.record({ text: maybeWrong(garbageText(60)), mimeType: fc.constant('application/json') }),
          ),
        },
        { requiredKeys: ['method', 'url'] },
      ),
      12,
    ),
    response: maybeWrong(
      fc.record(
        {
          status: maybeWrong(fc.oneof(fc.constantFrom(200, 0, -1, 99, 600, 1e9, 200.5), fc.integer())),
          headers: maybeWrong(fc.array(maybeWrong(header), { maxLength: 3 })),
          content: maybeWrong(content),
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: ['request'] },
);

const document = fc
  .record({ entries: maybeWrong(fc.array(maybeWrong(entry, 16), { maxLength: 6 * fuzzSettings.scale }), 20) })
  .map(({ entries }) => ({ log: { version: '1.2', entries } }));

const text = fc.oneof(
  { arbitrary: fc.constantFrom(...corpusHars), weight: 1 },
  { arbitrary: mutated(fc.constantFrom(...corpusHars), 6), weight: 6 },
  {
    arbitrary: mutatedTree(fc.constantFrom(...corpusDocs), 6, false).map((d) => JSON.stringify(d)),
    weight: 6,
  },
  { arbitrary: document.map((d) => JSON.stringify(d)), weight: 10 },
  { arbitrary: mutated(document.map((d) => JSON.stringify(d))), weight: 4 },
  { arbitrary: document.map((d) => `\uFEFF${JSON.stringify(d)}`), weight: 1 },
  {
    arbitrary: fc.oneof(
      garbageText(100),
      fc.json(),
      wrongType.map((v) => JSON.stringify({ log: v })),
    ),
    weight: 3,
  },
);

/** Entries of the document when it is one (what the reader must account for). */
function entriesOf(t: string): unknown[] | undefined {
  try {
    const doc = JSON.parse(t.replace(/^\uFEFF/, '')) as { log?: { entries?: unknown } };
    return Array.isArray(doc?.log?.entries) ? doc.log.entries : undefined;
  } catch {
    return undefined;
  }
}

fuzzReader(
  'HAR reader',
  'har',
  text.map((t) => ({ text: t })),
  'HarError',
  ({ text: t }, out) => {
    const entries = entriesOf(t);
    if (out === undefined) {
      if (entries !== undefined) throw new PropertyFailure('HarError on a document with log.entries');
      return;
    }
    if (entries === undefined) throw new PropertyFailure('read a document without log.entries');
    // Every entry is accounted for: read, rejected, or skipped as not the API's (tunnels, other hosts).
    if (out.observations.length + out.entriesRejected + out.entriesSkipped !== entries.length)
      throw new PropertyFailure(
        `${out.observations.length} observations + ${out.entriesRejected} rejected + ${out.entriesSkipped} skipped ≠ ${entries.length} entries`,
      );
    for (const o of out.observations) checkObservation(o, 'har');
  },
);
