// Evidence and false positives per finding, end to end (issue 15): import an API
// description with personal data and an unauthenticated object-id operation,
// open the endpoint and see where each PII type and vulnerability came from,
// mark one finding false positive, rescan, see it stay hidden and out of the
// score, restore it. The real server (fresh embedded database), the built
// dashboard, Chromium.
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchArgs, chromiumPath } from '../../../vitest.shared.js';
import { ADMIN_PASSWORD, dashboardDir, startServer, type RunningServer } from './server.js';

const SPEC = path.join(dashboardDir, 'e2e/fixtures/findings-openapi.yaml');
const DOMAIN = 'vault.example.org';
const POINTER = '#/paths/~1v1~1customers~1{customerId}/get/responses/200';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const at = (p: string) => `${server.url}${p}`;
/** The toast on screen (by element: while a dialog is open the toast viewport is aria-hidden). */
const toast = () => page.locator('li[data-variant]');
/** The "N / 100" overview card, as a number. */
const score = async () => Number((await page.getByText(/^\d+ \/ 100$/).textContent())?.split(' ')[0]);
const whyThisScore = () => page.locator('li', { hasText: /^PII exposure:/ });

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(),
    chromium.launch({ executablePath: chromiumPath, args: chromiumLaunchArgs }),
  ]);
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(at('/domains'));
  await page.waitForURL(/\/signin/);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(at('/domains'));
});

afterEach(async (testContext) => {
  if (testContext.task.result?.state === 'fail') {
    await page.screenshot({ path: path.join(dashboardDir, 'test-results', 'findings.png'), fullPage: true });
    console.error(`server output:\n${server.output().slice(-4000)}`);
  }
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('finding evidence and false positives end to end', () => {
  it('shows why each finding was flagged; a false positive stays hidden across rescans until restored', async () => {
    // Import: a domain, its API description uploaded as a source, a scan.
    const created = await context.request.post(at('/api/v1/domains'), { data: { name: DOMAIN } });
    expect(created.status()).toBe(201);
    await page.goto(at('/domains'));
    await page.getByRole('button', { name: `Manage ${DOMAIN}` }).click();
    const dialog = page.getByRole('dialog', { name: DOMAIN });
    await dialog.getByRole('tab', { name: 'Swagger/OpenAPI' }).click();
    const form = dialog.getByRole('form', { name: 'Add Swagger/OpenAPI source' });
    await form.getByLabel(/Source Name/).fill('Vault OpenAPI');
    await form.getByLabel('Upload API description').setInputFiles(SPEC);
    await form.getByRole('button', { name: 'Add Source' }).click();
    await toast()
      .getByText('Discovery source has been configured successfully.')
      .waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Open GET /v1/customers/{customerId} from the endpoint list.
    await page.goto(at('/endpoints'));
    await page.getByRole('searchbox', { name: 'Search endpoints...' }).fill(DOMAIN);
    const row = page
      .getByRole('table', { name: 'All endpoints' })
      .getByRole('row')
      .filter({ hasText: '/v1/customers/{customerId}' })
      .filter({ hasText: 'GET' });
    await row.getByRole('link').click();
    await page.waitForURL(/\/endpoints\/[^/]+$/);
    await page.getByRole('heading', { name: 'Vulnerabilities (2)' }).waitFor();

    // Where each PII type came from: the response field, the rule, the spec pointer.
    const evidence = page.getByRole('group', { name: 'Why flagged' });
    await expect.poll(() => evidence.count()).toBe(5); // 2 vulnerabilities + 3 PII types
    for (const [field, rule] of [
      ['email', 'field-name:email'],
      ['phone_no', 'field-name:phone'],
      ['ssn', 'field-name:ssn'],
    ] as const) {
      const item = evidence.filter({ hasText: rule }).filter({ hasNotText: 'ARGUS-' });
      await expect(item.getByText(/^API description, response body/).textContent()).resolves.toContain(field);
      await expect(item.getByText(POINTER).isVisible()).resolves.toBe(true);
    }
    // And each vulnerability: the check that fired and what it saw.
    await page.getByText('ARGUS-API1-001:object-id-without-auth').waitFor();
    await page.getByText('ARGUS-API3-001:sensitive-pii; field-name:ssn').waitFor();
    await page.getByText('the API description declares no security for this operation').waitFor();
    const before = await score();
    await expect(whyThisScore().textContent()).resolves.toContain('ssn');

    // Mark the SSN false positive, with a reason.
    await page.getByRole('button', { name: 'Mark false positive: ssn' }).click();
    const ask = page.getByRole('dialog', { name: 'Mark as False Positive' });
    await ask.getByLabel('Reason (optional)').fill('ssn holds a masked reference, not a number');
    await ask.getByRole('button', { name: 'Mark false positive' }).click();
    await toast().getByText('Marked as False Positive').waitFor();
    await ask.waitFor({ state: 'hidden' });
    await page.getByText('Hidden as false positives (1)').waitFor();
    // The check built on it goes too; the score and "Why this score" leave it out.
    await page.getByRole('heading', { name: 'Vulnerabilities (1)' }).waitFor();
    await expect.poll(score).toBeLessThan(before);
    const hiddenScore = await score();
    await expect(whyThisScore().textContent()).resolves.not.toContain('ssn');

    // Rescan the endpoint, then scan the whole domain again: it stays hidden.
    await page.getByRole('button', { name: 'Rescan' }).click();
    await toast().getByText('Rescan initiated').waitFor({ timeout: 30_000 });
    const scanned = await context.request.post(at(`/api/v1/domains/${DOMAIN}/scan`), {
      headers: { origin: server.url },
    });
    expect(scanned.status()).toBe(200);
    await page.reload();
    await page.getByText('Hidden as false positives (1)').waitFor();
    await expect(page.getByRole('button', { name: 'Mark false positive: ssn' }).count()).resolves.toBe(0);
    await expect(score()).resolves.toBe(hiddenScore);
    await expect(whyThisScore().textContent()).resolves.not.toContain('ssn');
    await page.getByText('Hidden as false positives (1)').click();
    await page
      .getByText('Marked false positive by admin: ssn holds a masked reference, not a number')
      .waitFor();

    // Restore: it counts again.
    await page.getByRole('button', { name: 'Restore ssn' }).click();
    await toast().getByText('Finding Restored').waitFor();
    await page.getByRole('button', { name: 'Mark false positive: ssn' }).waitFor();
    await page.getByRole('heading', { name: 'Vulnerabilities (2)' }).waitFor();
    await expect.poll(score).toBe(before);
    await expect(page.getByText('Hidden as false positives (1)').count()).resolves.toBe(0);
  });
});
