import { describe, expect, it } from 'vitest';
import {
  Inventory,
  analyzeEndpoint,
  detectPii,
  readAccessLog,
  readOpenApi,
  templatePath,
} from '../src/index.js';

describe('public API smoke', () => {
  it('templates, detects, reads and scores', async () => {
    expect(templatePath('/api/v1/users/123/orders/550e8400-e29b-41d4-a716-446655440000').normalizedPath).toBe(
      '/api/v1/users/{id}/orders/{uuid}',
    );
    expect(detectPii('mail me at jane.doe@example.com').map((m) => m.type)).toEqual(['email']);
    const spec = readOpenApi(
      'openapi: 3.0.0\ninfo: {title: t, version: "1"}\nservers: [{url: "https://api.example.com/v1"}]\npaths:\n  /users/{id}:\n    get:\n      security: []\n      responses: {"200": {description: ok}}\n',
    );
    expect(spec.endpoints[0]).toMatchObject({
      domain: 'api.example.com',
      method: 'GET',
      pathTemplate: '/v1/users/{id}',
    });
    const inv = new Inventory();
    inv.addSpecEndpoints(spec.endpoints);
    const stats = await readAccessLog(
      '1.2.3.4 - - [10/Oct/2024:13:55:36 +0000] "GET /v1/users/42 HTTP/1.1" 200 12 "-" "curl"\n',
      {
        domain: 'api.example.com',
        onObservation: (o) => inv.addObservation(o),
      },
    );
    expect(stats).toMatchObject({ linesRead: 1, linesRejected: 0 });
    const [ep] = inv.endpoints();
    expect(ep).toMatchObject({ normalizedPath: '/v1/users/{id}', requestCount: 1 });
    const analysis = analyzeEndpoint(ep!);
    expect(analysis.risk.riskScore).toBeGreaterThan(0);
    expect(analysis.vulnerabilities.map((v) => v.vulnId)).toContain('ARGUS-API1-001');
  });
});
