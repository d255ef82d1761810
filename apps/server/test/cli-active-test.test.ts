// `npx argus test` as a process against the deliberately vulnerable fixture:
// results printed, SARIF written, the exit code gates on --fail-on.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { harOf } from '../../../fixtures/vulnerable-api/har.js';
import { startVulnerableApi, type VulnerableApi } from '../../../fixtures/vulnerable-api/server.js';

const repoRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const bin = path.join(repoRoot, 'apps', 'server', 'bin', 'argus.js');
const spec = path.join(repoRoot, 'fixtures', 'vulnerable-api', 'openapi.yaml');
const dir = mkdtempSync(path.join(tmpdir(), 'argus-active-cli-'));
let api: VulnerableApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function argus(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: repoRoot, timeout: 240_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const identities = (target: VulnerableApi) => [
  '--identity',
  `alice=${target.tokenFor('alice')}`,
  '--identity',
  `bob=${target.tokenFor('bob')}`,
  '--identity',
  `root=${target.tokenFor('root')}`,
  '--admin',
  'root',
  '--value',
  'alice.id=1',
  '--value',
  'bob.id=2',
];
const TESTS = 'bola-path-id-swap,auth-jwt-weak-secret,bfla-admin-read-as-user,ssrf-query-url';

describe('argus test', () => {
  it('prints confirmed findings, writes SARIF and fails on high', { timeout: 300_000 }, async () => {
    api = await startVulnerableApi();
    const sarif = path.join(dir, 'out.sarif');
    const args = ['test', '--spec', spec, '--base-url', api.url, ...identities(api), '--tests', TESTS];
    const { code, stdout, stderr } = await argus([...args, '--sarif', sarif, '--fail-on', 'high']);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^CONFIRMED high {5}bola-path-id-swap {2}GET \/api\/users\/\{id\}$/m);
    expect(stdout).toMatch(/^CONFIRMED critical auth-jwt-weak-secret/m);
    expect(stdout).toMatch(/^CONFIRMED critical bfla-admin-read-as-user {2}GET \/api\/admin\/users$/m);
    // the canary the run started on this machine received the fixture's request
    expect(stdout).toMatch(/^CONFIRMED high {5}ssrf-query-url {2}GET \/api\/preview$/m);
    expect(stdout).toMatch(
      /curl -sS -X GET '.*\/api\/users\/1' -H 'authorization: Bearer '"\$ARGUS_BOB_TOKEN"/,
    );
    expect(stdout).not.toContain(api.tokenFor('bob').split('.')[2]);
    expect(code).toBe(1);
    const log = JSON.parse(readFileSync(sarif, 'utf8')) as {
      version: string;
      runs: { results: { ruleId: string }[] }[];
    };
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0]!.results.map((r) => r.ruleId)).toEqual(expect.arrayContaining(TESTS.split(',')));
    // below the --fail-on threshold the same run exits 0
    const lenient = await argus([
      ...args,
      '--fail-on',
      'critical',
      '--skip',
      'auth-jwt-weak-secret,bfla-admin-read-as-user',
    ]);
    expect(lenient.code).toBe(0);
  });

  it('exits 0 with nothing confirmed against the secure switch', { timeout: 300_000 }, async () => {
    api = await startVulnerableApi({ secure: true });
    const { code, stdout } = await argus([
      'test',
      '--spec',
      spec,
      '--base-url',
      api.url,
      ...identities(api),
      '--tests',
      TESTS,
      '--fail-on',
      'low',
    ]);
    expect(stdout).toMatch(/^0 confirmed, \d+ not vulnerable/m);
    expect(code).toBe(0);
  });

  it('takes baselines from recorded traffic with --from-log', { timeout: 300_000 }, async () => {
    api = await startVulnerableApi();
    const har = path.join(dir, 'alice.har');
    writeFileSync(
      har,
      harOf(api.url, [
        { method: 'GET', path: '/api/users/1', status: 200, body: '{"id":1,"email":"alice@fixture.test"}' },
      ]),
    );
    const { code, stdout } = await argus([
      'test',
      '--from-log',
      har,
      '--base-url',
      api.url,
      '--identity',
      `alice=${api.tokenFor('alice')}`,
      '--identity',
      `bob=${api.tokenFor('bob')}`,
      '--tests',
      'bola-path-id-swap',
      '--fail-on',
      'high',
    ]);
    expect(stdout).toMatch(/^CONFIRMED high {5}bola-path-id-swap {2}GET \/api\/users\/\{userId\}$/m);
    expect(code).toBe(1);
  });

  it('explains bad usage with exit code 2', { timeout: 120_000 }, async () => {
    const { code, stderr } = await argus(['test', '--spec', spec, '--identity', 'alice=x']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--base-url must be an http\(s\) URL/);
  });
});
