// Security Tests end to end (issue 16): an admin points a domain's tests at the
// engine's deliberately vulnerable fixture API (loopback, so this server allows
// private addresses), sets up two identities in the dashboard, uploads a
// template and switches a test off, runs the tests and sees a confirmed BOLA
// with its evidence (and on the endpoint's page), the uploaded test confirmed
// and the switched-off one not run. The real server (fresh embedded
// database), the built dashboard, Chromium.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startVulnerableApi, type VulnerableApi } from '../../../fixtures/vulnerable-api/server.js';
import { chromiumLaunchArgs, chromiumPath } from '../../../vitest.shared.js';
import { ADMIN_PASSWORD, dashboardDir, repoRoot, startServer, type RunningServer } from './server.js';

const SPEC = readFileSync(path.join(repoRoot, 'fixtures/vulnerable-api/openapi.yaml'), 'utf8');
const DOMAIN = 'books.fixture.test';
/** A template the admin uploads in the Tests card. */
const UPLOADED = readFileSync(path.join(repoRoot, 'fixtures/vulnerable-api/debug-dump-test.yaml'), 'utf8');
const SWITCHED_OFF = 'Endpoint that needs credentials answers without any';

let server: RunningServer;
let api: VulnerableApi;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, api, browser] = await Promise.all([
    startServer({ env: { ARGUS_ALLOW_PRIVATE_URLS: '1' } }),
    startVulnerableApi(),
    chromium.launch({ executablePath: chromiumPath, args: chromiumLaunchArgs }),
  ]);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
}, 180_000);

afterEach(async (testContext) => {
  if (testContext.task.result?.state === 'fail') {
    await page.screenshot({
      path: path.join(dashboardDir, 'test-results', 'security-tests.png'),
      fullPage: true,
    });
    console.error(`server output:\n${server.output().slice(-4000)}`);
  }
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await api?.close();
});

/** A call from the signed-in page (same origin, its session cookie). */
async function call(method: string, url: string, body: unknown): Promise<{ status: number; body: string }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.text() };
    },
    { method, url, body },
  );
}

async function addIdentity(fill: {
  name: string;
  kind: 'Bearer token' | 'Login request';
  secret: string;
  values: string;
}) {
  await page.getByRole('button', { name: 'Add Identity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Test Identity' });
  await dialog.getByLabel(/^Name/).fill(fill.name);
  if (fill.kind === 'Login request') {
    await dialog.getByRole('combobox', { name: /Authenticates with/ }).click();
    await page.getByRole('option', { name: 'Login request' }).click();
    await dialog.getByLabel(/^Login path/).fill('/api/login');
    await dialog.getByLabel(/^Token location/).fill('token');
    await dialog.getByLabel(/^Login body/).fill(fill.secret);
  } else {
    await dialog.getByLabel(/^Token/).fill(fill.secret);
  }
  await dialog.getByLabel(/^Values of this identity/).fill(fill.values);
  await dialog.getByRole('button', { name: 'Add Identity' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('Security Tests end to end', () => {
  it('sets up two identities, runs the tests and shows a confirmed BOLA with its evidence', async () => {
    await page.goto(`${server.url}/signin`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard$|\/$/);

    // The domain and its API description (the discovery-source dialog has its own tests).
    const domain = await call('POST', '/api/v1/domains', { name: DOMAIN });
    expect(domain.status, domain.body).toBe(201);
    const { id } = JSON.parse(domain.body) as { id: string };
    const source = await call('POST', `/api/v1/domains/${id}/discovery-sources`, {
      type: 'openapi',
      name: 'Fixture API',
      config: { fileContent: SPEC, fileName: 'openapi.yaml' },
    });
    expect(source.status, source.body).toBe(201);

    await page.goto(`${server.url}/domains`);
    await page.getByRole('button', { name: `Security tests of ${DOMAIN}` }).click();
    await page.getByRole('heading', { name: `Security Tests: ${DOMAIN}` }).waitFor();

    await page.getByLabel('Test base URL').fill(api.url);
    await page.getByLabel('Requests per second').fill('100');
    await page.getByRole('button', { name: 'Save Target' }).click();
    await page.getByText('Test base URL, budget and rate limit saved.').first().waitFor();

    await addIdentity({
      name: 'alice',
      kind: 'Login request',
      secret: JSON.stringify({ username: 'alice', password: 'alice-pass-1' }),
      values: 'id=1, bookId=1, ownerId=1',
    });
    await addIdentity({
      name: 'bob',
      kind: 'Bearer token',
      secret: api.tokenFor('bob'),
      values: 'id=2, bookId=2, ownerId=2',
    });
    const identities = page.getByRole('table', { name: 'Test identities' });
    await identities.getByText('alice', { exact: true }).waitFor();
    await identities.getByText('bob', { exact: true }).waitFor();
    // Secrets are never shown back: only their last four characters.
    await expect(identities.textContent()).resolves.not.toContain('alice-pass-1');

    // the admin uploads a template of their own and switches a built-in test off
    const tests = page.getByRole('table', { name: 'Security tests' });
    await page.getByLabel('Upload test templates').setInputFiles({
      name: 'debug.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(UPLOADED),
    });
    await page.getByText('debug.yaml was added.').first().waitFor();
    await tests.getByText('custom-debug-dump · uploaded').waitFor();
    const off = tests.getByRole('switch', { name: `Run ${SWITCHED_OFF}` });
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/security-tests'),
    );
    await off.click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);
    await expect.poll(() => off.getAttribute('aria-checked'), { timeout: 30_000 }).toBe('false');

    await page.getByRole('button', { name: 'Run Tests' }).click();
    await page.locator('[data-status="completed"]').waitFor({ timeout: 240_000 });

    const results = page.getByRole('table', { name: 'Results of the latest run' });
    const bola = results
      .getByRole('row')
      .filter({ hasText: "Another user's object readable by its id in the path" })
      .filter({ hasText: '/api/books/{bookId}' });
    await expect(bola.getByText('Confirmed', { exact: true }).isVisible()).resolves.toBe(true);
    await bola.getByRole('button', { name: /^Evidence of / }).click();
    const evidence = page.getByRole('dialog');
    await evidence.getByText('attack as bob').first().waitFor();
    await expect(evidence.textContent()).resolves.toContain('alice-private-note-7f3a');
    await expect(evidence.textContent()).resolves.toContain('curl ');
    await expect(evidence.textContent()).resolves.not.toContain(api.tokenFor('bob').split('.')[2]);
    expect(api.calls.get('GET /createdb') ?? 0).toBe(0);
    await page.keyboard.press('Escape');

    // the uploaded test ran and confirmed its flaw; the switched-off one did not run at all
    const uploaded = results.getByRole('row').filter({ hasText: 'Debug dump answers without credentials' });
    await expect(uploaded.getByText('Confirmed', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(results.getByText(SWITCHED_OFF).count()).resolves.toBe(0);

    // the endpoint's page lists the tests run on it, BOLA confirmed
    const list = await call(
      'GET',
      `/api/v1/endpoints?search=${encodeURIComponent('/api/books/')}`,
      undefined,
    );
    const book = (
      JSON.parse(list.body) as { endpoints: { id: string; method: string; normalizedPath: string }[] }
    ).endpoints.find((e) => e.method === 'GET' && e.normalizedPath === '/api/books/{bookId}')!;
    await page.goto(`${server.url}/endpoints/${book.id}`);
    const onEndpoint = page.getByRole('table', { name: 'Security tests run on this endpoint' });
    const bolaHere = onEndpoint
      .getByRole('row')
      .filter({ hasText: "Another user's object readable by its id in the path" });
    await bolaHere.getByText('Confirmed', { exact: true }).waitFor();
  }, 420_000);
});
