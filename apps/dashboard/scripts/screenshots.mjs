// Screenshots of every screen, for looking at them (and the README picture).
//   node scripts/screenshots.mjs [outDir] [--base http://127.0.0.1:8080 --user admin --password …]
// Without --base it starts Vite with the @argus/api mocks (VITE_MOCK_API=1).
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string' },
    theme: { type: 'string', default: 'light' },
    only: { type: 'string' },
    crop: { type: 'boolean', default: false },
    seed: { type: 'boolean', default: false },
  },
});
const outDir = resolve(positionals[0] ?? join(root, 'screenshots'));
mkdirSync(outDir, { recursive: true });

let server;
let base = values.base;
if (!base) {
  process.env.VITE_MOCK_API = '1';
  const { createServer } = await import('vite');
  server = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    server: { port: 0, host: '127.0.0.1' },
    logLevel: 'error',
  });
  await server.listen();
  base = server.resolvedUrls.local[0].replace(/\/$/, '');
}

// The same launch as the browser tests (vitest.shared.ts: chromiumPath, chromiumLaunchArgs).
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-dev-shm-usage',
  ],
});
try {
  const page = await browser.newPage({
    viewport: { width: 1440, height: 900 },
    colorScheme: values.theme === 'dark' ? 'dark' : 'light',
  });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') console.error('console error:', message.text());
  });
  if (values.password) {
    await page.goto(`${base}/signin`);
    await page.getByLabel('Username').fill(values.user);
    await page.getByLabel('Password').fill(values.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
  }
  if (values.seed) await seed(page);
  // Against a real server, show the riskiest endpoint (ids are the server's own); mocks use ep-1.
  const endpointId = values.base
    ? await page.evaluate(async () => {
        const answer = await fetch('/api/v1/endpoints?limit=1', { credentials: 'include' });
        return answer.ok ? ((await answer.json()).endpoints[0]?.id ?? 'none') : 'none';
      })
    : 'ep-1';
  const shots = [
    ['dashboard', '/', 'Top Risky Endpoints'],
    ['endpoints', '/endpoints', 'All Endpoints'],
    ['endpoint-detail', `/endpoints/${endpointId}`, 'Endpoint Details'],
    ['domains', '/domains', 'Domain Overview'],
    ['vulnerabilities', '/vulnerabilities', 'Vulnerability Management'],
    ['pii', '/pii', 'PII Detection'],
    ['alerts', '/alerts', 'Alert Management'],
    ['settings', '/settings', 'Platform Configuration'],
    ['not-found', '/no-such-page', 'Page Not Found'],
  ].filter(([name]) => !values.only || values.only.split(',').includes(name));
  for (const [name, path, text] of shots) {
    await page.goto(`${base}${path}`);
    await page.getByText(text).first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: !values.crop });
    console.log(`${name}.png`);
  }
} finally {
  await browser.close();
  await server?.close();
}

/** Fills an empty server through the UI: Run Scan, a domain with an OpenAPI source, an access log. */
async function seed(page) {
  const spec = resolve(root, '../../../shared/corpus/openapi/oas30-petstore3.yaml');
  const fixtureSpec = join(root, 'e2e/fixtures/mini-openapi.yaml');
  const { existsSync } = await import('node:fs');
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Run Scan' }).click();
  await page.locator('li[data-variant]').getByText('Scan Completed').waitFor({ timeout: 60_000 });
  for (const [domain, tab, label, file] of [
    [
      'petstore.example.org',
      'Swagger/OpenAPI',
      'Upload API description',
      existsSync(spec) ? spec : fixtureSpec,
    ],
    ['shop.example.net', 'Access Logs', 'Upload log file', join(root, 'e2e/fixtures/access.log')],
  ]) {
    await page.goto(`${base}/domains`);
    await page.getByRole('button', { name: 'Add Domain' }).click();
    await page.getByLabel(/Domain Name/).fill(domain);
    await page.getByRole('dialog').getByRole('button', { name: 'Add Domain' }).click();
    await page.getByRole('button', { name: `Manage ${domain}` }).click();
    const dialog = page.getByRole('dialog', { name: domain });
    await dialog.getByRole('tab', { name: tab }).click();
    await dialog
      .getByLabel(/Source Name/)
      .filter({ visible: true })
      .fill(`${domain} ${tab}`);
    await dialog.getByLabel(label).setInputFiles(file);
    await dialog.getByRole('button', { name: 'Add Source' }).filter({ visible: true }).click();
    await dialog.getByRole('tab', { name: 'Sources (1)', selected: true }).waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await page.getByRole('button', { name: `Scan ${domain}` }).click();
    await page
      .locator('li[data-variant]')
      .getByText(/Domain Scan Completed|Scan Failed/)
      .waitFor({ timeout: 60_000 });
  }
}
