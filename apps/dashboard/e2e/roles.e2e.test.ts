// Roles end to end (issue 13): a viewer signs in to the built dashboard on the
// real server and is offered none of the changes the server would refuse (Run
// Scan, rescans, false positives, owners, alert triage, rules, channels, domains,
// sources, settings), with a line saying who can; then the same calls, sent from
// the viewer's browser, are refused by the server anyway.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { domainListSchema, type EndpointSummary } from '@argus/api';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchArgs, chromiumPath } from '../../../vitest.shared.js';
import { seedSampleTraffic } from './seed.js';
import { ADMIN_PASSWORD, dashboardDir, startServer, type RunningServer } from './server.js';

/** A user's API (not Run Scan's sample domain), seeded with its sample traffic. */
const SEED_HOST = 'shop.example.com';
const ACCESS_LOG = path.join(dashboardDir, 'e2e/fixtures/access.log');
const VIEWER = { username: 'vera.viewer', password: 'e2e-viewer-password-9' };

let server: RunningServer;
let browser: Browser;
let admin: BrowserContext;
let viewer: BrowserContext;
let page: Page;
let endpoints: EndpointSummary[];

const at = (p: string) => `${server.url}${p}`;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(),
    chromium.launch({ executablePath: chromiumPath, args: chromiumLaunchArgs }),
  ]);
  admin = await browser.newContext();
  const login = await admin.request.post(at('/api/v1/auth/login'), {
    data: { username: 'admin', password: ADMIN_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const created = await admin.request.post(at('/api/v1/admin/users'), {
    data: { ...VIEWER, role: 'viewer' },
  });
  expect(created.status(), await created.text()).toBe(201);
  // Something for every action to act on: endpoints with findings, alerts, a rule of
  // the admin's own (built-in rules have no Delete), a domain with a source.
  endpoints = await seedSampleTraffic(admin.request, server.url, SEED_HOST);
  const rule = await admin.request.post(at('/api/v1/alert-rules'), {
    data: {
      name: 'Admin rule',
      triggerType: 'high_risk_endpoint',
      severity: 'high',
      conditions: { minRiskScore: 90 },
    },
  });
  expect(rule.status(), await rule.text()).toBe(201);
  const domains = domainListSchema.parse(await (await admin.request.get(at('/api/v1/domains'))).json());
  const domain = domains.find((d) => d.name === SEED_HOST);
  expect(domain, `the seeded domain ${SEED_HOST}`).toBeDefined();
  const source = await admin.request.post(at(`/api/v1/domains/${domain!.id}/discovery-sources`), {
    data: {
      type: 'access_log',
      name: 'Edge logs',
      config: { format: 'apache', fileContent: await readFile(ACCESS_LOG, 'utf8'), fileName: 'access.log' },
    },
  });
  expect(source.status(), await source.text()).toBe(201);

  // The viewer signs in through the sign-in page, as a person would.
  viewer = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await viewer.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(at('/'));
  await page.waitForURL(/\/signin/);
  await page.getByLabel('Username').fill(VIEWER.username);
  await page.getByLabel('Password').fill(VIEWER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
});

afterEach(async (testContext) => {
  if (testContext.task.result?.state === 'fail') {
    await page.screenshot({
      path: path.join(dashboardDir, 'test-results', 'roles-viewer.png'),
      fullPage: true,
    });
    console.error(`server output:\n${server.output().slice(-4000)}`);
  }
});

afterAll(async () => {
  await viewer?.close();
  await admin?.close();
  await browser?.close();
  await server?.stop();
});

/** How many buttons named `name` the page shows. */
const buttons = (name: string | RegExp) => page.getByRole('button', { name }).count();

describe('A viewer in the dashboard', () => {
  it('is offered no Run Scan or rescan on the dashboard', async () => {
    await page.goto(at('/'));
    await page.getByText('Only an analyst or an admin can run a scan.').waitFor();
    await page
      .getByRole('button', { name: /^View / })
      .first()
      .waitFor();
    expect(await buttons('Run Scan')).toBe(0);
    expect(await buttons(/^Rescan /)).toBe(0);
  });

  it('is offered no rescan, false positive or owner on endpoints, but keeps Create Ticket', async () => {
    await page.goto(at('/endpoints'));
    await page
      .getByRole('link', { name: /^View / })
      .first()
      .waitFor();
    expect(await buttons(/^Rescan /)).toBe(0);

    await page.goto(at(`/endpoints/${encodeURIComponent(endpoints[0]!.id)}`));
    await page
      .getByText('Only an analyst or an admin can rescan, assign owners or mark false positives.')
      .waitFor();
    expect(await buttons('Create Ticket')).toBe(1);
    for (const name of ['Rescan', 'Rescan Endpoint', 'Mark as False Positive', 'Assign Owner']) {
      expect(await buttons(name), name).toBe(0);
    }
  });

  it('is offered no alert triage, rules or channels changes', async () => {
    await page.goto(at('/alerts'));
    await page.getByText('Only an analyst or an admin can acknowledge, resolve or assign alerts.').waitFor();
    await page
      .getByRole('button', { name: /^View details of / })
      .first()
      .waitFor();
    expect(await buttons('Acknowledge')).toBe(0);
    expect(await buttons('Resolve')).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await buttons('Configure Rules')).toBe(0);
    expect(await buttons('Notification Channels')).toBe(0);

    await page.getByRole('tab', { name: 'Alert Rules' }).click();
    await page.getByText('Only an admin can change alert rules.').waitFor();
    const switches = page.getByRole('switch');
    await switches.first().waitFor();
    for (const toggle of await switches.all()) expect(await toggle.isDisabled()).toBe(true);
    expect(await buttons('Create Rule')).toBe(0);
    expect(await buttons(/^Delete rule /)).toBe(0);

    await page.getByRole('tab', { name: 'Notification Channels' }).click();
    await page
      .getByText('Only an admin can see and change notification channels (they hold secrets).')
      .waitFor();
    expect(await buttons('Create Channel')).toBe(0);
  });

  it('is offered no domain, scan or source changes', async () => {
    await page.goto(at('/domains'));
    await page.getByText('Only an admin can add domains.').waitFor();
    await page.getByRole('button', { name: `Sources of ${SEED_HOST}` }).click();
    const dialog = page.getByRole('dialog', { name: SEED_HOST });
    await dialog.getByText('Only an admin can add or remove discovery sources.').waitFor();
    await dialog.getByText('Edge logs').waitFor();
    expect(await dialog.getByRole('tab').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: /^Delete source / }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await buttons('Add Domain')).toBe(0);
    expect(await buttons(/^Scan /)).toBe(0);
  });

  it('sees settings read-only', async () => {
    await page.goto(at('/settings'));
    await page.getByText('Only an admin can change these settings.').waitFor();
    expect(await buttons('Save Configuration')).toBe(0);
  });

  it('is refused by the server anyway, from the same browser session', async () => {
    await page.goto(at('/'));
    const endpointId = encodeURIComponent(endpoints[0]!.id);
    const calls: [method: string, url: string, body: unknown, needs: 'analyst' | 'admin'][] = [
      ['POST', `/api/v1/endpoints/${endpointId}/rescan`, undefined, 'analyst'],
      ['PATCH', `/api/v1/endpoints/${endpointId}`, { falsePositive: true }, 'analyst'],
      ['PATCH', '/api/v1/alerts/bulk', { alertIds: ['any'], action: 'acknowledge' }, 'analyst'],
      ['POST', `/api/v1/domains/${SEED_HOST}/scan`, undefined, 'analyst'],
      ['POST', '/api/v1/domains', { name: 'viewer.example.com' }, 'admin'],
      ['POST', '/api/v1/alert-rules', { name: 'x' }, 'admin'],
      ['GET', '/api/v1/notification-channels', undefined, 'admin'],
      ['PUT', '/api/v1/settings', { scanIntervalMinutes: 5 }, 'admin'],
    ];
    // fetch() in the page: the viewer's cookie and the dashboard's own Origin, as the buttons would send.
    const answers = await page.evaluate(
      async (list) =>
        Promise.all(
          list.map(async ([method, url, body]) => {
            const res = await fetch(url, {
              method,
              headers: body === undefined ? {} : { 'content-type': 'application/json' },
              body: body === undefined ? undefined : JSON.stringify(body),
            });
            return { status: res.status, text: await res.text() };
          }),
        ),
      calls,
    );
    calls.forEach(([method, url, , needs], i) => {
      expect(answers[i], `${method} ${url}`).toEqual({
        status: 403,
        text: expect.stringContaining(`This needs the ${needs} role or higher`),
      });
    });
  });
});
