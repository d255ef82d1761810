import { describe, expect, it } from 'vitest';
import { Inventory, analyzeInventory, readOpenApi } from '../src/index.js';
import { matchFlaws, parseFlaws, pathShape } from '../eval/risk/flaws.js';

const TABLE = [
  '| id | Flaw | Endpoint | OWASP API 2023 | Status |',
  '|---|---|---|---|---|',
  '| 1 | Open redirect | `GET /v1/redirect/?url=` | API8 Security Misconfiguration | verified |',
  '| 2 | Reset PIN | `POST /reset`, `POST /reset/new` (no rate limit) | API2 / API4 | verified |',
  '| 3 | Secret in code | every route (`config.py`) | API2 | verified |',
  '| — | Root shell | shell after 1 | — | not reproduced |',
].join('\n');

describe('eval:risk documented flaws', () => {
  it('reads each row naming an operation, with every category it gives', () => {
    const flaws = parseFlaws(TABLE);
    expect(flaws.map((f) => f.id)).toEqual(['1', '2']);
    expect(flaws[0]!.operations).toEqual([{ method: 'GET', path: '/v1/redirect/' }]);
    expect(flaws[1]!.operations.map((o) => o.path)).toEqual(['/reset', '/reset/new']);
    expect(flaws[1]!.categories).toEqual(['API2:2023', 'API4:2023']);
  });

  it('treats parameter names and a trailing slash as the same operation', () => {
    expect(pathShape('/users/{id}/')).toBe(pathShape('/Users/{user_id}'));
  });

  it('flags a flaw only when a finding on its operation carries its category', () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      servers: [{ url: 'http://api.example.com' }],
      paths: { '/v1/redirect/': { get: { responses: { '200': { description: 'ok' } } } } },
    };
    const inventory = new Inventory();
    inventory.addSpecEndpoints(readOpenApi(spec).endpoints);
    const analysed = [...analyzeInventory(inventory.endpoints())].map(([ep, analysis]) => ({
      method: ep.method,
      path: ep.normalizedPath,
      analysis,
    }));
    const [redirect, reset] = matchFlaws(parseFlaws(TABLE), analysed);
    expect(redirect!.shown).toBe(true);
    expect(reset!.shown).toBe(false);
    expect(redirect!.flagged).toBe(redirect!.found.includes('API8:2023'));
  });
});
