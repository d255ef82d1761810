// Captured paths reach Slack in alert titles and endpoint names. The review: the
// `text` fallback carried them unescaped, so a path holding `<!channel>` pinged
// the whole channel and `<http://evil|click>` became a link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationChannelSchema } from '@argus/api';
import { processFindings } from '../../src/alerts/index.js';
import type { Database } from '../../src/db/client.js';
import { json, openTestDatabase } from '../helpers.js';
import { HttpReceiver, waitFor } from './receivers.js';
import { scanFindings, seedEndpoints, startApp, vuln, type AlertingApp } from './setup.js';

const HOSTILE_PATH = '/a/<!channel>/<http://evil.example|click>/&amp;';

/** Every string in a Slack message: the `text` fallback and each text in its blocks. */
function slackTexts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(slackTexts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(slackTexts);
  return [];
}

const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

describe('Slack messages of alerts on hostile paths', () => {
  let database: Database;
  let t: AlertingApp;
  const slack = new HttpReceiver();

  beforeAll(async () => {
    await slack.up();
    database = await openTestDatabase('pglite');
    t = await startApp(database);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
    await slack.down();
  });

  it('sends mentions and links in a captured path as inert text, in the fallback and the blocks', async () => {
    const created = await t.inject({
      method: 'POST',
      url: '/api/v1/notification-channels',
      payload: { name: '#alerts', type: 'slack', config: { webhookUrl: slack.url('/services/T0/B0/x') } },
    });
    expect(created.statusCode, created.body).toBe(201);
    json(created, notificationChannelSchema);
    const [endpoint] = await seedEndpoints(t.ctx, 'hostile.example.com', [HOSTILE_PATH]);
    const findings = scanFindings(endpoint!, {
      vulnerabilities: [vuln('SQLI-001', 'critical', 'SQL injection')],
    });
    expect(await processFindings(t.ctx, findings)).toBe(1);

    const request = await waitFor(() => slack.requests.find((r) => r.url === '/services/T0/B0/x'));
    const message = JSON.parse(request.body) as { text: string; blocks: unknown[] };
    const texts = slackTexts(message);
    // The one link Slack may render is Argus's own.
    const ownLink = /^<http:\/\/argus\.test\/alerts\?alertId=[0-9a-f-]+\|View in Argus>$/;
    for (const text of texts.filter((t) => !ownLink.test(t))) {
      expect(text).not.toMatch(/[<>]/);
      expect(text).not.toMatch(/&(?!amp;|lt;|gt;)/);
    }
    expect(texts.filter((t) => ownLink.test(t))).toHaveLength(1);
    // What a reader sees once Slack decodes it is the path as captured.
    expect(unescape(message.text)).toContain(`POST hostile.example.com${HOSTILE_PATH}`);
    expect(
      texts.some((t) => t.includes('&lt;!channel&gt;/&lt;http://evil.example|click&gt;/&amp;amp;')),
    ).toBe(true);
  });
});
