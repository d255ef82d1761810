// Attack traffic end to end (issue 14): an admin imports an access log full of
// scanner probes and captures one more through /gateway; on the Domains screen
// the domain's row offers its scanner requests, whose dialog lists them by kind,
// path and client, none of them an endpoint; a rule on scanner activity raised
// one alert. The real server (fresh embedded database), the built dashboard, Chromium.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession } from './admin-session.js';

const HOST = 'probed.e2e.example';
const line = (ip: string, second: number, request: string, status: number) =>
  `${ip} - - [01/Jun/2025:09:12:${String(second).padStart(2, '0')} +0000] "${request} HTTP/1.1" ${status} 10 "-" "x"`;
const LOG = [
  line('198.51.100.4', 1, 'GET /v1/orders/88', 200),
  line('198.51.100.4', 2, 'GET /v1/orders/89', 200),
  line('198.51.100.4', 3, 'OPTIONS /v1/orders/88', 204),
  line('203.0.113.9', 4, 'GET /.env', 404),
  line('203.0.113.9', 5, 'GET /.git/config', 404),
  line('203.0.113.9', 6, 'POST /wp-login.php', 404),
  line('203.0.113.7', 7, 'GET /vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php', 404),
  line('198.51.100.4', 8, 'GET /static/app.css', 200),
].join('\n');

const session = adminSession('attack-traffic', '/domains');
const { at } = session;

beforeAll(async () => {
  const { context, page } = session;
  // The setup a user makes through the API: a rule on scanner activity, the domain, its log.
  const api = context.request;
  const rule = await api.post(at('/api/v1/alert-rules'), {
    data: {
      name: 'Scanner activity',
      triggerType: 'threshold_breach',
      severity: 'high',
      conditions: { metric: 'scannerRequests', operator: '>=', value: 4 },
    },
  });
  expect(rule.status(), await rule.text()).toBe(201);
  const domain = await api.post(at('/api/v1/domains'), { data: { name: HOST } });
  expect(domain.status(), await domain.text()).toBe(201);
  const { id } = (await domain.json()) as { id: string };
  const source = await api.post(at(`/api/v1/domains/${id}/discovery-sources`), {
    data: { type: 'access_log', name: 'Edge', config: { format: 'apache', fileContent: LOG } },
  });
  expect(source.status(), await source.text()).toBe(201);
  // One more probe, captured from the signed-in page as a browser would send it.
  const captured = await page.evaluate(async (host) => {
    const res = await fetch('/gateway/.aws/credentials', { headers: { 'x-forwarded-host': host } });
    return res.status;
  }, HOST);
  expect(captured).toBe(202);
}, 180_000);

describe('Attack traffic on the Domains screen', () => {
  it('shows the scanner requests a domain received, none of them an endpoint', async () => {
    await session.page.goto(at('/domains'));
    await session.page.getByRole('button', { name: /^5 scanner requests$/ }).click();
    const dialog = session.page.getByRole('dialog', { name: `Attack traffic on ${HOST}` });
    await dialog.getByText('5 scanner requests: none of them became an endpoint.').waitFor();
    const byKind = dialog.getByRole('region', { name: 'By kind' });
    await byKind.getByText('Dotfiles (.env, .git)').waitFor();
    expect(await byKind.getByRole('listitem').allInnerTexts()).toEqual([
      'Dotfiles (.env, .git)\n3',
      'PHP probes (phpunit, phpMyAdmin)\n1',
      'WordPress probes\n1',
    ]);
    const probed = dialog.getByRole('region', { name: 'Most probed paths' });
    for (const probe of ['/.env', '/.git/config', '/wp-login.php', '/.aws/credentials'])
      await probed.getByText(probe, { exact: true }).waitFor();
    const clients = dialog.getByRole('region', { name: 'Busiest clients' });
    expect((await clients.getByRole('listitem').allInnerTexts())[0]).toBe('203.0.113.9\n3');
    await dialog
      .getByText(
        'Also not API traffic: 0 page loads, 1 static assets, 0 browser requests, 1 CORS preflights.',
      )
      .waitFor();
    await session.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Only the real operation is an endpoint of the domain.
    await session.page.goto(at(`/endpoints?q=${encodeURIComponent(HOST)}`));
    await session.page.getByText('/v1/orders/{orderId}').first().waitFor();
    for (const probe of ['/.env', '/wp-login.php', '/static/app.css'])
      expect(await session.page.getByText(probe, { exact: true }).count(), probe).toBe(0);
  });

  it('lists the alert the rule on scanner activity raised', async () => {
    await session.page.goto(at('/alerts'));
    await session.page.getByText(`Scanner activity on ${HOST}: 4 requests`).first().waitFor();
    expect(
      await session.page.getByText(new RegExp(`^Scanner activity on ${HOST.replace(/\./g, '\\.')}`)).count(),
    ).toBe(1);
  });
});
