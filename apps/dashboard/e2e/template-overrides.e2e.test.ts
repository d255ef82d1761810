// Split and merge overrides end to end (issue 14): on the endpoint page an admin merges two
// endpoints into a template they name, a rescan keeps them merged; then splits the template
// and a rescan and new traffic keep them split. A path the templater merged says why on its
// page (and its CORS preflights), still after a rescan, and splits back. The real server (fresh embedded database),
// the built dashboard, Chromium.
import { describe, expect, it } from 'vitest';
import { adminSession } from './admin-session.js';

const DOMAIN = 'links.e2e.example';
const session = adminSession('template-overrides', '/endpoints');
const { at } = session;

/** A call from the signed-in page itself (same origin, the session cookie): captures, scans, lists. */
async function call(method: string, url: string, host = DOMAIN): Promise<{ status: number; body: string }> {
  return session.page.evaluate(
    async ([m, u, host]) => {
      const res = await fetch(u as string, {
        method: m as string,
        headers: { 'x-forwarded-host': host as string },
      });
      return { status: res.status, body: await res.text() };
    },
    [method, url, host],
  );
}

const capture = async (p: string, host = DOMAIN, method = 'GET') =>
  expect((await call(method, `/gateway${p}`, host)).status).toBeLessThan(300);
const scan = async (host = DOMAIN) =>
  expect((await call('POST', `/api/v1/domains/${encodeURIComponent(host)}/scan`)).status).toBeLessThan(300);
async function endpointsOf(host: string): Promise<{ id: string; normalizedPath: string }[]> {
  const { body } = await call('GET', `/api/v1/endpoints?domain=${encodeURIComponent(host)}&sort=path`, host);
  return (JSON.parse(body) as { endpoints: { id: string; normalizedPath: string }[] }).endpoints;
}
const linkEndpoints = async () =>
  (await endpointsOf(DOMAIN)).filter((e) => e.normalizedPath.startsWith('/link'));
const pathsNow = async () => (await linkEndpoints()).map((e) => e.normalizedPath).sort();

describe('Split and merge overrides end to end', () => {
  it(
    'merges two endpoints, keeps them merged on rescan, then splits them for good',
    { timeout: 300_000 },
    async () => {
      for (const word of ['apple', 'banana']) await capture(`/link/${word}`);
      const [apple] = await linkEndpoints();
      expect(await pathsNow()).toEqual(['/link/apple', '/link/banana']);

      // Merge on the endpoint page: the dialog suggests a template; a wrong one is refused with a message.
      await session.page.goto(at(`/endpoints/${apple!.id}`));
      await session.page.getByRole('button', { name: 'Merge with…' }).click();
      const merge = session.page.getByRole('dialog', { name: 'Merge with…' });
      const template = merge.getByLabel(/^Template/);
      await expect(template.inputValue()).resolves.toBe('/link/{name}');
      await template.fill('/other/{name}');
      await merge.getByRole('button', { name: 'Merge', exact: true }).click();
      await merge.getByText("The template must match this endpoint's path /link/apple").waitFor();
      await template.fill('/link/{name}');
      await merge.getByRole('button', { name: 'Merge', exact: true }).click();
      await session.page.getByRole('heading', { name: /\/link\/\{name\}/ }).waitFor();
      expect(await pathsNow()).toEqual(['/link/{name}']);

      // A rescan and more traffic keep them merged.
      await capture('/link/cherry');
      await scan();
      expect(await pathsNow()).toEqual(['/link/{name}']);
      await session.page.reload();
      await session.page.getByRole('heading', { name: /\/link\/\{name\}/ }).waitFor();

      // Split the template: every value is its own endpoint, and stays so.
      await session.page.getByRole('button', { name: 'Split this template' }).click();
      const split = session.page.getByRole('dialog', { name: 'Split this template' });
      await split.getByRole('combobox', { name: /Parameter/ }).waitFor();
      await split.getByRole('button', { name: 'Split', exact: true }).click();
      await session.page.getByRole('heading', { name: /\/link\/(apple|banana|cherry)/ }).waitFor();
      expect(await pathsNow()).toEqual(['/link/apple', '/link/banana', '/link/cherry']);
      await capture('/link/kiwi');
      await scan();
      expect(await pathsNow()).toEqual(['/link/apple', '/link/banana', '/link/cherry', '/link/kiwi']);
    },
  );

  it(
    'says why a position is a parameter, keeps it on rescan, counts preflights, splits it',
    { timeout: 300_000 },
    async () => {
      const { page } = session;
      // Its own domain: the values merged here must not teach the other test's domain.
      const host = 'teams.e2e.example';
      const teams =
        'apple banana cherry grape lemon mango melon olive peach pear plum kiwi lime fig date guava papaya quince berry apricot nectarine tangerine coconut lychee persimmon'.split(
          ' ',
        );
      for (const team of teams) {
        await capture(`/v1/teams/${team}/members`, host);
        // A CORS preflight before the next call: counted on the endpoint, not as one.
        if (team === 'apple') await capture(`/v1/teams/${team}/members`, host, 'OPTIONS');
      }
      const [members] = await endpointsOf(host);
      expect((await endpointsOf(host)).map((e) => e.normalizedPath)).toEqual(['/v1/teams/{teamId}/members']);

      const reasons = page.locator('section', {
        has: page.getByRole('heading', { name: 'Why These Parameters' }),
      });
      const reason = reasons.getByText(/^merged \d+ distinct values?: /);
      await page.goto(at(`/endpoints/${members!.id}`));
      await reason.waitFor();
      await reasons.getByText('{teamId}').waitFor();
      await page.getByText('CORS Preflights').waitFor();

      // A rescan re-analyses the stored endpoint: the reason and the preflight stay.
      await scan(host);
      expect((await endpointsOf(host)).map((e) => e.normalizedPath)).toEqual(['/v1/teams/{teamId}/members']);
      await page.reload();
      await reason.waitFor();
      await page.getByText('CORS Preflights').waitFor();

      // A user who disagrees splits it: the values become endpoints of their own.
      await page.getByRole('button', { name: 'Split this template' }).click();
      const split = page.getByRole('dialog', { name: 'Split this template' });
      await split.getByRole('combobox', { name: /Parameter/ }).waitFor();
      await split.getByRole('button', { name: 'Split', exact: true }).click();
      await page.getByRole('heading', { name: /\/v1\/teams\/[a-z]+\/members/ }).waitFor();
      const after = (await endpointsOf(host)).map((e) => e.normalizedPath);
      expect(after).not.toContain('/v1/teams/{teamId}/members');
      expect(after).toContain('/v1/teams/apple/members');
    },
  );
});
