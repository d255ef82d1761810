// SARIF 2.1.0 output validates against the official schema and carries what a
// code-scanning UI needs: rules, levels, locations in the spec, evidence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeEndpointsFromOpenApi,
  loadBuiltinTemplates,
  runActiveTests,
  toSarif,
  type ActiveRunResult,
} from '../src/index.js';
import { fixtureIdentities } from '../../../fixtures/vulnerable-api/identities.js';
import { startVulnerableApi, type VulnerableApi } from '../../../fixtures/vulnerable-api/server.js';
import { fetchTransport, fixtureSpec } from './active-helpers.js';
import { sarifErrors } from './sarif-schema.js';

const tests = loadBuiltinTemplates().filter((t) =>
  [
    'bola-path-id-swap',
    'auth-jwt-alg-none',
    'header-missing-nosniff',
    'bfla-method-swap',
    'ssrf-query-url',
  ].includes(t.id),
);
let api: VulnerableApi;
let run: ActiveRunResult;

beforeAll(async () => {
  api = await startVulnerableApi();
  run = await runActiveTests({
    endpoints: activeEndpointsFromOpenApi(fixtureSpec),
    baseUrl: api.url,
    identities: fixtureIdentities(api),
    tests,
    transport: fetchTransport,
  });
}, 120_000);
afterAll(() => api.close());

describe('toSarif', () => {
  it('validates against the SARIF 2.1.0 schema', () => {
    const sarif = toSarif(run, {
      tests,
      baseUrl: api.url,
      spec: { uri: 'openapi.yaml', text: fixtureSpec },
      toolVersion: '0.1.0',
    });
    expect(sarifErrors(sarif)).toEqual([]);
    // and the validator does refuse what is not SARIF 2.1.0
    expect(sarifErrors({ ...sarif, version: '2.0.0' })).not.toEqual([]);
  });

  it('reports confirmed findings at their path in the spec, with level, evidence and curl', () => {
    const sarif = toSarif(run, {
      tests,
      baseUrl: api.url,
      spec: { uri: 'openapi.yaml', text: fixtureSpec },
    }) as {
      runs: {
        tool: { driver: { rules: { id: string; properties: Record<string, unknown> }[] } };
        results: {
          ruleId: string;
          level: string;
          message: { text: string };
          locations: { physicalLocation: { region: { startLine: number } } }[];
          properties: {
            curl: string;
            owaspCategory: string;
            cwe: string;
            cvssVector: string;
            cvssScore: number;
          };
        }[];
        invocations: { toolExecutionNotifications: { message: { text: string } }[] }[];
      }[];
    };
    const [only] = sarif.runs;
    const bola = only!.results.find(
      (r) => r.ruleId === 'bola-path-id-swap' && r.message.text.includes('/api/users/{id}'),
    )!;
    expect(bola.level).toBe('error');
    const line = fixtureSpec.split('\n')[bola.locations[0]!.physicalLocation.region.startLine - 1];
    expect(line?.trim()).toBe('/api/users/{id}:');
    expect(bola.properties.curl).toMatch(/^curl .*\$ARGUS_BOB_TOKEN/);
    // classification for other tools: OWASP category, CWE, CVSS 3.1 vector and its base score
    expect(bola.properties).toMatchObject({
      owaspCategory: expect.stringMatching(/^API1:2023/),
      cwe: 'CWE-639',
      cvssVector: 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:L/A:N',
      cvssScore: 7.1,
    });
    expect(only!.tool.driver.rules.find((r) => r.id === 'bola-path-id-swap')?.properties['tags']).toContain(
      'external/cwe/cwe-639',
    );
    expect(
      only!.tool.driver.rules.find((r) => r.id === 'bola-path-id-swap')?.properties['security-severity'],
    ).toBe('8.0');
    // no canary was given: the SSRF test says why it could not run
    expect(only!.invocations[0]!.toolExecutionNotifications.map((n) => n.message.text)).toContainEqual(
      expect.stringMatching(/ssrf-query-url on GET \/api\/preview could not run: needs the canary listener/),
    );
  });
});
