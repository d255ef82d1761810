// The Alerts screen over 10,000 alerts (issue 15): the real server on a fresh
// PostgreSQL database holding 10k alerts, the built dashboard, Chromium. The tiles
// count every alert, the pager reaches all of them, and a filter, a search and the
// order run on the server. Needs TEST_DATABASE_URL (skipped without it).
import path from 'node:path';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchArgs, chromiumPath } from '../../../vitest.shared.js';
import { ADMIN_PASSWORD, dashboardDir, startServer, type RunningServer } from './server.js';

const ADMIN_URL = process.env['TEST_DATABASE_URL'];
const DATABASE = `argus_e2e_alerts_${process.pid}`;
const COUNT = 10_000;
/** Alert i (1..10,000): status cycles open, acknowledged, resolved, suppressed; every 7th critical. */
const count = (keep: (i: number) => boolean) =>
  Array.from({ length: COUNT }, (_, k) => k + 1).filter(keep).length;
const fmt = (n: number) => n.toLocaleString('en-US');

describe.skipIf(!ADMIN_URL)('Alerts screen over 10,000 alerts', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const at = (p: string) => `${server.url}${p}`;
  const databaseUrl = () => {
    const url = new URL(ADMIN_URL as string);
    url.pathname = `/${DATABASE}`;
    return url.toString();
  };
  const admin = async <T>(run: (client: pg.Client) => Promise<T>, url = ADMIN_URL as string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin((c) => c.query(`drop database if exists ${DATABASE}`));
    await admin((c) => c.query(`create database ${DATABASE}`));
    [server, browser] = await Promise.all([
      startServer({ env: { DATABASE_URL: databaseUrl() } }),
      chromium.launch({ executablePath: chromiumPath, args: chromiumLaunchArgs }),
    ]);
    // The server migrated the database on start; the alerts go in as a long-running install's would.
    await admin(
      (c) =>
        c.query(`
          insert into alerts (title, description, severity, status, trigger_type, dedupe_key, domain, created_at)
          select 'Alert ' || i, 'Bulk alert number ' || i,
                 case when i % 7 = 0 then 'critical' when i % 3 = 0 then 'high' else 'low' end,
                 (array['open','acknowledged','resolved','suppressed'])[i % 4 + 1],
                 'threshold_breach', 'bulk|' || i, 'bulk.e2e.example',
                 timestamptz '2026-01-01' + i * interval '1 minute'
          from generate_series(1, ${COUNT}) as i`),
      databaseUrl(),
    );
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(at('/alerts'));
    await page.waitForURL(/\/signin/);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(at('/alerts'));
  }, 180_000);

  afterEach(async (testContext) => {
    if (testContext.task.result?.state === 'fail') {
      await page.screenshot({
        path: path.join(dashboardDir, 'test-results', 'alerts-10k.png'),
        fullPage: true,
      });
      console.error(`server output:\n${server.output().slice(-4000)}`);
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await admin((c) => c.query(`drop database if exists ${DATABASE}`));
  });

  const tile = (name: string) => page.getByRole('article', { name }).locator('p').first();
  const pager = () => page.getByRole('navigation', { name: 'Pagination' });
  const rows = () => page.getByRole('table', { name: 'Security alerts' }).getByRole('row');

  it('counts every alert in the tiles and pages through all of them', { timeout: 120_000 }, async () => {
    await page.goto(at('/alerts'));
    await pager()
      .getByText(`Showing 1-25 of ${fmt(COUNT)} alerts`)
      .waitFor();
    expect(await tile('Total Alerts').innerText()).toBe(fmt(COUNT));
    expect(await tile('Open Alerts').innerText()).toBe(fmt(count((i) => i % 4 === 0)));
    await pager().getByText('Page 1 of 400').waitFor();
    // Newest first: alert 10,000 heads the first page.
    await rows().nth(1).getByText('Bulk alert number 10000').waitFor();
    await pager().getByRole('button', { name: 'Next' }).click();
    await pager()
      .getByText(`Showing 26-50 of ${fmt(COUNT)} alerts`)
      .waitFor();
    await rows().nth(1).getByText('Bulk alert number 9975').waitFor();
  });

  it(
    'filters, searches and orders on the server; the tiles keep counting all',
    { timeout: 120_000 },
    async () => {
      await page.goto(at('/alerts'));
      await page.getByRole('combobox', { name: 'Filter by status' }).click();
      await page.getByRole('option', { name: 'open' }).click();
      await pager()
        .getByText(`Showing 1-25 of ${fmt(count((i) => i % 4 === 0))} alerts`)
        .waitFor();
      await page.getByRole('combobox', { name: 'Sort alerts' }).click();
      await page.getByRole('option', { name: 'Oldest first' }).click();
      // The oldest open alert is number 4 (i % 4 = 0), on no page a client-side list of 500 would hold.
      await rows().nth(1).getByText('Bulk alert number 4', { exact: true }).waitFor();
      await page.getByPlaceholder('Search alerts...').fill('number 9996');
      await pager()
        .getByText(/^Showing 1-1 of 1 alerts?$/)
        .waitFor();
      await rows().nth(1).getByText('Bulk alert number 9996').waitFor();
      expect(await tile('Total Alerts').innerText()).toBe(fmt(COUNT));
    },
  );
});
