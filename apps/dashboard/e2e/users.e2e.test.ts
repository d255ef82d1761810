// User Management end to end (issue 13): an admin adds an analyst in Settings,
// sees them in the user list and the audit log; the analyst signs in and keeps
// the spec's "coming soon" placeholder, with settings read-only. The real server
// (fresh embedded database), the built dashboard, Chromium.
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchArgs, chromiumPath } from '../../../vitest.shared.js';
import { ADMIN_PASSWORD, dashboardDir, startServer, type RunningServer } from './server.js';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pages: Page[] = [];

const at = (p: string) => `${server.url}${p}`;
/** The toast on screen (by element: while a dialog is open the toast viewport is aria-hidden). */
const toast = (page: Page) => page.locator('li[data-variant]');

/** A browser of its own, signed in through the sign-in page as `username`. */
async function signIn(username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  pages.push(page);
  page.setDefaultTimeout(20_000);
  await page.goto(at('/settings'));
  await page.waitForURL(/\/signin\?next=%2Fsettings$/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(at('/settings'));
  await page.getByRole('heading', { name: 'Platform Configuration' }).waitFor();
  return page;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(),
    chromium.launch({ executablePath: chromiumPath, args: chromiumLaunchArgs }),
  ]);
});

// A failing scenario leaves a picture of each browser (test-results/ is git-ignored).
afterEach(async (testContext) => {
  if (testContext.task.result?.state === 'fail') {
    for (const [i, page] of pages.entries()) {
      await page.screenshot({
        path: path.join(dashboardDir, 'test-results', `users-${i}.png`),
        fullPage: true,
      });
    }
    console.error(`server output:\n${server.output().slice(-4000)}`);
  }
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('User Management end to end', () => {
  it('an admin adds an analyst, who then sees the placeholder and read-only settings', async () => {
    const username = 'ana.lyst';
    const password = 'e2e-analyst-password-7';

    const admin = await signIn('admin', ADMIN_PASSWORD);
    await admin.getByRole('tab', { name: 'User Management' }).click();
    const users = admin.getByRole('table', { name: 'Users' });
    await users.getByText('admin', { exact: true }).waitFor();
    await expect(
      users.getByRole('row').filter({ hasText: 'admin' }).getByText('You').isVisible(),
    ).resolves.toBe(true);

    await admin.getByRole('button', { name: 'Add User' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel(/^Username/).fill(username);
    await dialog.getByLabel(/^Password/).fill(password);
    await dialog.getByRole('combobox', { name: /Role/ }).click();
    await admin.getByRole('option', { name: 'Analyst' }).click();
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await toast(admin).getByText(`${username} can now sign in as analyst.`).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // In the list, as an analyst who is active and never signed in.
    const row = users.getByRole('row').filter({ has: admin.getByText(username, { exact: true }) });
    await row.waitFor();
    await expect(row.getByRole('combobox', { name: `Role of ${username}` }).textContent()).resolves.toBe(
      'Analyst',
    );
    await expect(row.getByText('Active').isVisible()).resolves.toBe(true);
    await expect(row.getByText('Never').isVisible()).resolves.toBe(true);

    // In the audit log: the newest entry, by the admin, about the new user.
    const log = admin.getByRole('table', { name: 'Audit log, page 1' });
    const newest = log.getByRole('row').nth(1);
    await newest.filter({ hasText: username }).waitFor();
    await expect(newest.getByText('admin', { exact: true }).isVisible()).resolves.toBe(true);

    // The analyst signs in: the placeholder, their role in the top bar, no Save.
    const analyst = await signIn(username, password);
    await expect(analyst.getByTestId('signed-in-user').textContent()).resolves.toBe(username);
    await expect(analyst.getByTestId('signed-in-role').textContent()).resolves.toBe('analyst');
    await analyst.getByText('Only an admin can change these settings.').waitFor();
    await expect(analyst.getByRole('button', { name: 'Save Configuration' }).count()).resolves.toBe(0);
    await analyst.getByRole('tab', { name: 'User Management' }).click();
    await analyst.getByText(/User management is coming soon/).waitFor();
    await expect(analyst.getByRole('table', { name: 'Users' }).count()).resolves.toBe(0);
    // And the server agrees: the admin calls refuse an analyst.
    const refused = await analyst.request.get(at('/api/v1/admin/users'));
    expect(refused.status()).toBe(403);
  });
});
