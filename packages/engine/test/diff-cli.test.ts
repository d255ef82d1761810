// Change control the way CI runs it: the built (or tsx) CLI spawned on real HAR files.
// The newer input is a real HAR transformed as a regression would: one endpoint's
// requests lose their credentials (and are still answered), one response gains an
// e-mail address. Lockfiles must be byte-identical on re-run; the diff must name both
// changes, exit 1 on them, and write SARIF that validates against the 2.1.0 schema.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeInventory, authFromHeaders, Inventory, readHar } from '../src/index.js';
import { buildLockfile } from '../src/lockfile/build.js';
import type { ApiChange } from '../src/lockfile/diff.js';
import { lockfileJsonSchema } from '../src/lockfile/json-schema.js';
import type { LockEndpoint, Lockfile } from '../src/lockfile/schema.js';
import { corpusPath, hasCorpus } from './corpus.js';
import { sarifErrors } from './sarif-schema.js';

const bin = new URL('../bin/argus.js', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'argus-diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function argus(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], { cwd: dir });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

interface HarEntry {
  request: { method: string; url: string; headers: { name: string; value: string }[] };
  response: { status: number; content: { text?: string; encoding?: string } };
}

const literal = (e: LockEndpoint) => !e.path.includes('{');
const entriesOf = (entries: HarEntry[], domain: string, e: LockEndpoint) =>
  entries.filter((x) => {
    const url = new URL(x.request.url);
    return x.request.method === e.method && url.hostname === domain && url.pathname === e.path;
  });
const jsonObjects = (x: HarEntry) => {
  try {
    const body = JSON.parse(x.response.content.text ?? '') as unknown;
    const first = Array.isArray(body) ? body[0] : body;
    return typeof first === 'object' &&
      first !== null &&
      !Array.isArray(first) &&
      !x.response.content.encoding
      ? (first as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/** A real HAR with an endpoint that required credentials and one answering JSON without e-mails. */
function pickHar() {
  const dirPath = corpusPath('real-traffic');
  for (const name of readdirSync(dirPath)
    .filter((f) => f.endsWith('.har'))
    .sort()) {
    const text = readFileSync(join(dirPath, name), 'utf8');
    const inventory = new Inventory();
    for (const o of readHar(text).observations) inventory.addObservation(o);
    const endpoints = inventory.endpoints();
    const lock = buildLockfile(endpoints, analyzeInventory(endpoints));
    const entries = (JSON.parse(text) as { log: { entries: HarEntry[] } }).log.entries;
    for (const d of lock.domains) {
      const guarded = d.endpoints.find(
        (e) => literal(e) && e.auth.requirement === 'required' && e.statusClasses.join() === '2xx',
      );
      const answering = d.endpoints.find(
        (e) =>
          literal(e) &&
          e !== guarded &&
          e.method === 'GET' &&
          !e.pii.some((p) => p.type === 'email') &&
          entriesOf(entries, d.domain, e).some((x) => x.response.status === 200 && jsonObjects(x)),
      );
      if (guarded && answering) return { text, domain: d.domain, guarded, answering };
    }
  }
  return null;
}

/** Drop every credential header of `guarded`'s requests; give `answering`'s first JSON answer an e-mail. */
function regress(text: string, domain: string, guarded: LockEndpoint, answering: LockEndpoint): string {
  const har = JSON.parse(text) as { log: { entries: HarEntry[] } };
  for (const x of entriesOf(har.log.entries, domain, guarded))
    x.request.headers = x.request.headers.filter(
      (h) => authFromHeaders({ [h.name.toLowerCase()]: h.value }).length === 0,
    );
  const target = entriesOf(har.log.entries, domain, answering).find(
    (x) => x.response.status === 200 && jsonObjects(x),
  )!;
  const body = JSON.parse(target.response.content.text!) as unknown;
  const first = (Array.isArray(body) ? body[0] : body) as Record<string, unknown>;
  first['contact_email'] = 'maria.lopez@example.org';
  target.response.content.text = JSON.stringify(body);
  return JSON.stringify(har);
}

const picked = hasCorpus ? pickHar() : null;
if (hasCorpus && !picked)
  console.warn('[diff-cli] no corpus HAR has an authenticated endpoint: suite skipped');

describe.skipIf(!picked)('argus diff on real traffic', () => {
  const { text, domain, guarded, answering } = picked!;
  const p = (name: string) => join(dir, name);
  beforeAll(() => {
    writeFileSync(p('before.har'), text);
    writeFileSync(p('after.har'), regress(text, domain, guarded, answering));
  });

  it('writes the same lockfile twice, valid against its JSON Schema', async () => {
    expect((await argus('discover', '--lock', 'old.json', 'before.har')).code).toBe(0);
    expect((await argus('discover', '--lock', 'again.json', 'before.har')).code).toBe(0);
    const old = readFileSync(p('old.json'), 'utf8');
    expect(readFileSync(p('again.json'), 'utf8')).toBe(old);
    const ajv = new Ajv({ allErrors: true });
    expect(ajv.validate(JSON.parse(lockfileJsonSchema()), JSON.parse(old)), ajv.errorsText()).toBe(true);
    const lock = JSON.parse(old) as Lockfile;
    const ep = lock.domains.find((d) => d.domain === domain)!.endpoints.find((e) => e.path === guarded.path)!;
    expect(ep.auth).toMatchObject({ requirement: 'required', withoutCredentials: 0 });
    expect(readFileSync(new URL('../lockfile.schema.json', import.meta.url), 'utf8')).toBe(
      lockfileJsonSchema(),
    );
  });

  it('reports the lost authentication and the new e-mail, exits 1 and writes valid SARIF', async () => {
    expect((await argus('discover', '--lock', 'new.json', 'after.har')).code).toBe(0);
    const r = await argus(
      'diff',
      'old.json',
      'new.json',
      '--json',
      '--sarif',
      'diff.sarif',
      '--fail-on',
      'auth-regression,new-pii',
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const { changes, failing } = JSON.parse(r.stdout) as { changes: ApiChange[]; failing: number };
    const regressions = changes.filter((c) => c.kind === 'auth-regression');
    expect(regressions.map((c) => `${c.domain} ${c.method} ${c.path}`)).toEqual([
      `${domain} ${guarded.method} ${guarded.path}`,
    ]);
    expect(regressions[0]!.after).toMatchObject({ requirement: 'none', withCredentials: 0 });
    const pii = changes.filter((c) => c.kind === 'new-pii');
    expect(pii).toEqual([
      expect.objectContaining({
        path: answering.path,
        subject: expect.stringMatching(/^response email .*contact_email$/),
      }),
    ]);
    expect(failing).toBe(2);
    const sarif = JSON.parse(readFileSync(p('diff.sarif'), 'utf8')) as {
      runs: {
        results: { ruleId: string; partialFingerprints: Record<string, string>; locations: unknown[] }[];
      }[];
    };
    expect(sarifErrors(sarif)).toEqual([]);
    const results = sarif.runs[0]!.results;
    expect(results.map((x) => x.ruleId)).toEqual(
      expect.arrayContaining(['argus-diff/auth-regression', 'argus-diff/new-pii']),
    );
    // The same change read straight from the HAR has the same fingerprints.
    expect((await argus('diff', 'old.json', 'after.har', '--sarif', 'again.sarif')).code).toBe(0);
    const again = JSON.parse(readFileSync(p('again.sarif'), 'utf8')) as typeof sarif;
    expect(again.runs[0]!.results.map((x) => x.partialFingerprints)).toEqual(
      results.map((x) => x.partialFingerprints),
    );
  });

  it('exits 0 without change and 2 on an unreadable or foreign input', async () => {
    const same = await argus('diff', 'old.json', 'before.har', '--fail-on', 'low');
    expect(same.stdout).toContain('No change in the API surface.');
    expect(same.code).toBe(0);
    const missing = await argus('diff', 'old.json', 'missing.json');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing.json');
    writeFileSync(p('future.json'), '{"lockfileVersion": 2, "domains": []}\n');
    const foreign = await argus('diff', 'future.json', 'old.json');
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toContain('future.json: not an Argus lockfile');
  });
});
