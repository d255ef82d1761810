import SwaggerParser from '@apidevtools/swagger-parser';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSpecText, readOpenApi } from '../src/index.js';
import { runCli } from './cli-run.js';

const dir = mkdtempSync(join(tmpdir(), 'argus-openapi-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (argv: string[]) => runCli(argv);

const spec = (name: string, host: string) => {
  const p = join(dir, name);
  writeFileSync(
    p,
    `openapi: 3.0.0\ninfo: {title: t, version: "1"}\nservers: [{url: "https://${host}"}]\npaths:\n  /users/{id}:\n    get:\n      parameters: [{name: id, in: path, required: true, schema: {type: integer}}]\n      responses: {"200": {description: ok}}\n  /users:\n    post:\n      responses: {"201": {description: made}}\n`,
  );
  return p;
};

describe('argus discover --openapi', () => {
  const one = spec('one.yaml', 'api.one.test');
  const two = spec('two.yaml', 'api.two.test');

  it('writes a valid OpenAPI 3.1 description that reads back as the same endpoints', async () => {
    for (const out of [join(dir, 'out.yaml'), join(dir, 'out.json')]) {
      const r = await run(['discover', '--json', '--openapi', out, one]);
      expect(r.code).toBe(0);
      const text = readFileSync(out, 'utf8');
      expect(text.trimStart().startsWith('{')).toBe(out.endsWith('.json'));
      await expect(SwaggerParser.validate(parseSpecText(text) as never)).resolves.toBeTruthy();
      const listed = (JSON.parse(r.stdout) as { endpoints: { method: string; normalizedPath: string }[] })
        .endpoints;
      const back = readOpenApi(text)
        .endpoints.map((e) => `${e.method} ${e.pathTemplate}`)
        .sort();
      expect(back).toEqual(listed.map((e) => `${e.method} ${e.normalizedPath}`).sort());
      expect(back).toHaveLength(2);
    }
  });

  it('asks for --domain when the inventory has more than one, and describes the one named', async () => {
    const out = join(dir, 'two.yaml.out');
    const refused = await run(['discover', '--openapi', out, one, two]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('api.one.test, api.two.test');
    const named = await run(['discover', '--openapi', out, '--domain', 'api.two.test', one, two]);
    expect(named.code).toBe(0);
    const back = readOpenApi(readFileSync(out, 'utf8')).endpoints;
    expect(new Set(back.map((e) => e.domain))).toEqual(new Set(['api.two.test']));
  });
});
