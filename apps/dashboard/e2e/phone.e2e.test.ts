// The dashboard on a phone (390 × 844): every screen fits the width (wide tables
// scroll inside themselves, never the page), and the sidebar is a Menu button
// that opens the navigation. Real server, real browser, seeded through the API.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointListSchema } from '@argus/api';
import { chromiumLaunchArgs, chromiumPath } from '../../../vitest.shared.js';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './server.js';

const PHONE = { width: 390, height: 844 };
const HOST = 'shop.example.com';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** A little traffic with personal data and long paths, so every screen has rows to lay out. */
async function seed(): Promise<void> {
  const requests: [string, string, unknown?][] = [
    ['GET', '/v1/customers/41/payment-methods/cards/primary?expand=billing_address'],
    ['POST', '/v1/customers', { email: 'ana.lima@example.org', phone: '+1 415 555 0100' }],
    ['GET', '/v1/orders/1842'],
    ['DELETE', '/v1/orders/1842'],
    ['GET', '/admin/debug/config'],
  ];
  for (const [method, path, body] of requests) {
    const res = await context.request.fetch(`${server.url}/gateway${path}`, {
      method,
      headers: { 'x-forwarded-host': HOST, 'sec-fetch-site': 'same-origin' },
      ...(body === undefined ? {} : { data: body }),
    });
    expect(res.status(), `${method} ${path}`).toBe(202);
  }
  for (let waited = 0; waited < 30_000; waited += 250) {
    const listed = endpointListSchema.parse(
      await (await context.request.get(`${server.url}/api/v1/endpoints?domain=${HOST}`)).json(),
    );
    if (listed.endpoints.length >= 4) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the seeded traffic never reached the inventory');
}

async function sidewaysOverflow(): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('the dashboard at phone width', () => {
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer(),
      chromium.launch({ executablePath: chromiumPath, args: chromiumLaunchArgs }),
    ]);
    context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const login = await context.request.post(`${server.url}/api/v1/auth/login`, {
      data: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(login.status()).toBe(200);
    await seed();
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each([
    ['/', 'Dashboard'],
    ['/endpoints', 'API Endpoints'],
    ['/domains', 'Domain Management'],
    ['/vulnerabilities', 'Vulnerability Management'],
    ['/pii', 'PII Detection'],
    ['/alerts', 'Alert Management'],
    ['/settings', 'Platform Configuration'],
  ])(
    '%s fits 390 px without scrolling sideways',
    async (path, title) => {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await sidewaysOverflow(), `${path} is wider than the phone`).toBe(0);
    },
    90_000,
  );

  it('opens the navigation from the Menu button and goes where it is told', async () => {
    await page.goto(`${server.url}/endpoints`);
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await menu.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Alerts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Alert Management' }).waitFor();
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    expect(await sidewaysOverflow()).toBe(0);
  }, 90_000);

  it('shows an endpoint on its own page within the width', async () => {
    const listed = endpointListSchema.parse(
      await (await context.request.get(`${server.url}/api/v1/endpoints?domain=${HOST}`)).json(),
    );
    const endpoint = listed.endpoints.find((e) => e.normalizedPath.startsWith('/v1/customers/'))!;
    await page.goto(`${server.url}/endpoints/${endpoint.id}`);
    await page.getByText(endpoint.normalizedPath).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await sidewaysOverflow()).toBe(0);
  }, 90_000);
});
