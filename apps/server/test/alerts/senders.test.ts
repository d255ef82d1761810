// The four senders against real loopback receivers, plus CSV, signing and backoff.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell, csvRow } from '../../src/alerts/csv.js';
import { ValidationError } from '../../src/errors.js';
import { retryDelayMs } from '../../src/notifications/backoff.js';
import { checkConfig, mask } from '../../src/notifications/channels.js';
import type { AlertNotice } from '../../src/notifications/message.js';
import {
  DeliveryError,
  sendEmail,
  sendSlack,
  sendSms,
  sendWebhook,
  type SenderEnv,
} from '../../src/notifications/senders.js';
import { signWebhook, verifyWebhook } from '../../src/notifications/signing.js';
import { HttpReceiver, SmtpReceiver, signedWith } from './receivers.js';

const notice: AlertNotice = {
  id: '7a1f0a5e-0000-4000-8000-000000000001',
  title: 'SQL injection on POST /users/{id}',
  description: 'critical vulnerability SQLI-1 found by the scan of api.example.com.',
  severity: 'critical',
  triggerType: 'vulnerability_detected',
  createdAt: '2026-11-21T06:00:00.000Z',
  endpoint: { method: 'POST', normalizedPath: '/users/{id}', domain: 'api.example.com' },
  domain: 'api.example.com',
  url: 'http://argus.test/alerts?alertId=7a1f0a5e-0000-4000-8000-000000000001',
};

const env: SenderEnv = { allowPrivate: true, smtpUrl: undefined, timeoutMs: 3000 };

describe('csv', () => {
  it('quotes per RFC 4180 and neutralises formula cells', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvRow(['a', 'b,c', 3])).toBe('a,"b,c",3\r\n');
  });
});

describe('signing and backoff', () => {
  it('signs timestamp and body and verifies in constant time', () => {
    const sig = signWebhook('s3cret', 1_700_000_000, '{"a":1}');
    expect(sig).toMatch(/^sha256=[0-9a-f]{64}$/);
    const headers = { signature: sig, timestamp: '1700000000' };
    expect(verifyWebhook('s3cret', headers, '{"a":1}', { now: 1_700_000_010 })).toBe(true);
    expect(verifyWebhook('s3cret', headers, '{"a":2}', { now: 1_700_000_010 })).toBe(false);
    expect(verifyWebhook('other', headers, '{"a":1}', { now: 1_700_000_010 })).toBe(false);
    // A replay outside the tolerance window is refused.
    expect(verifyWebhook('s3cret', headers, '{"a":1}', { now: 1_700_001_000 })).toBe(false);
  });

  it('doubles the delay per attempt up to the cap', () => {
    const policy = { baseDelayMs: 1000, maxDelayMs: 5000, maxAttempts: 5 };
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, policy, () => 0))).toEqual([1000, 2000, 4000, 5000]);
    expect(retryDelayMs(1, policy, () => 1)).toBe(1200);
  });
});

describe('channel config checks', () => {
  it('refuses private addresses unless allowed, with the field named', async () => {
    const refused = await checkConfig(
      'webhook',
      { url: 'http://127.0.0.1:8080/hook' },
      { allowPrivate: false },
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).issues).toEqual([
      {
        path: 'config.url',
        message: expect.stringMatching(/^config\.url: 127\.0\.0\.1 resolves to 127\.0\.0\.1, a private/),
      },
    ]);
    const smtp = await checkConfig(
      'email',
      { to: ['a@example.com'], smtpUrl: 'smtp://10.0.0.5:25' },
      { allowPrivate: false },
    ).catch((e: unknown) => e);
    expect((smtp as ValidationError).issues[0]?.path).toBe('config.smtpUrl');
    const notSmtp = await checkConfig(
      'email',
      { to: ['a@example.com'], smtpUrl: 'http://mail.example.com' },
      { allowPrivate: true },
    ).catch((e: unknown) => e);
    expect((notSmtp as ValidationError).issues[0]?.message).toMatch(/smtp:\/\//);
    await expect(
      checkConfig('webhook', { url: 'http://127.0.0.1:8080/hook' }, { allowPrivate: true }),
    ).resolves.toEqual({ url: 'http://127.0.0.1:8080/hook' });
  });

  it('needs an SMTP server for e-mail channels: the server one or the channel own', async () => {
    const none = await checkConfig('email', { to: ['a@example.com'] }, { allowPrivate: true }).catch(
      (e: unknown) => e,
    );
    expect((none as ValidationError).issues).toEqual([
      {
        path: 'config.smtpUrl',
        message: 'No SMTP server: set ARGUS_SMTP_URL on the server or give the channel its own smtpUrl',
      },
    ]);
    await expect(
      checkConfig(
        'email',
        { to: ['a@example.com'] },
        { allowPrivate: true, serverSmtpUrl: 'smtp://mail:25' },
      ),
    ).resolves.toEqual({ to: ['a@example.com'] });
    await expect(
      checkConfig(
        'email',
        { to: ['a@example.com'], smtpUrl: 'smtp://127.0.0.1:2525' },
        { allowPrivate: true },
      ),
    ).resolves.toMatchObject({ smtpUrl: 'smtp://127.0.0.1:2525' });
  });

  it('keeps a stored secret when the masked value comes back, and drops unknown keys', async () => {
    const previous = { url: 'http://8.8.8.8/hook', secret: 'the-real-secret' };
    const config = await checkConfig(
      'webhook',
      { url: 'http://8.8.8.8/hook', secret: mask('the-real-secret'), extra: 1 },
      { allowPrivate: false, previous },
    );
    expect(config).toEqual(previous);
    expect(mask('the-real-secret')).toBe('••••cret');
    expect(mask('short')).toBe('••••');
  });
});

describe('senders against loopback receivers', () => {
  const smtp = new SmtpReceiver();
  const http = new HttpReceiver();
  beforeAll(async () => {
    await smtp.up();
    await http.up();
  });
  afterAll(async () => {
    await smtp.down();
    await http.down();
  });

  it('e-mails through SMTP with the alert in subject and body', async () => {
    await sendEmail({ to: ['sec@example.com', 'ops@example.com'] }, notice, { ...env, smtpUrl: smtp.url });
    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual(['sec@example.com', 'ops@example.com']);
    expect(mail.subject).toBe('[Argus] CRITICAL: SQL injection on POST /users/{id}');
    expect(mail.body).toContain('Endpoint: POST /users/{id} on api.example.com');
    expect(mail.body).toContain(`View in Argus: ${notice.url}`);
  });

  it('says when no SMTP server is configured', async () => {
    await expect(sendEmail({ to: ['a@example.com'] }, notice, env)).rejects.toThrow(/ARGUS_SMTP_URL/);
  });

  it('posts a readable Slack message', async () => {
    await sendSlack({ webhookUrl: http.url('/services/T/B/x') }, notice, env);
    const req = http.requests.at(-1)!;
    expect(req.url).toBe('/services/T/B/x');
    const message = JSON.parse(req.body) as { text: string; blocks: unknown[] };
    expect(message.text).toBe(
      'CRITICAL: SQL injection on POST /users/{id} — POST /users/{id} on api.example.com',
    );
    expect(JSON.stringify(message.blocks)).toContain(`<${notice.url}|View in Argus>`);
  });

  it('signs webhooks so the receiver can verify them', async () => {
    await sendWebhook({ url: http.url('/hook'), secret: 'whsec' }, notice, env);
    const req = http.requests.at(-1)!;
    expect(signedWith('whsec', req)).toBe(true);
    expect(signedWith('wrong', req)).toBe(false);
    expect(JSON.parse(req.body)).toMatchObject({
      event: 'alert.created',
      alert: { id: notice.id, severity: 'critical' },
    });
  });

  it('sends SMS to a Twilio-compatible API with basic auth', async () => {
    await sendSms(
      { accountSid: 'AC123', authToken: 'tok', from: '+15550001', to: '+15550002', baseUrl: http.url() },
      notice,
      env,
    );
    const req = http.requests.at(-1)!;
    expect(req.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('AC123:tok').toString('base64')}`);
    const form = new URLSearchParams(req.body);
    expect(form.get('To')).toBe('+15550002');
    expect(form.get('From')).toBe('+15550001');
    expect(form.get('Body')!.length).toBeLessThanOrEqual(160);
    expect(form.get('Body')).toContain('CRITICAL: SQL injection');
  });

  it('classifies failures: 5xx and refused connections retry, 4xx and SSRF refusals do not', async () => {
    http.status = 503;
    const retry = await sendSlack({ webhookUrl: http.url() }, notice, env).catch((e: unknown) => e);
    expect(retry).toBeInstanceOf(DeliveryError);
    expect((retry as DeliveryError).permanent).toBe(false);
    expect((retry as Error).message).toMatch(/HTTP 503/);
    http.status = 404;
    const gone = await sendSlack({ webhookUrl: http.url() }, notice, env).catch((e: unknown) => e);
    expect((gone as DeliveryError).permanent).toBe(true);
    http.status = 200;
    const ssrf = await sendSlack({ webhookUrl: http.url() }, notice, { ...env, allowPrivate: false }).catch(
      (e: unknown) => e,
    );
    expect((ssrf as DeliveryError).permanent).toBe(true);
    expect((ssrf as Error).message).toMatch(/private/);
    const closed = await HttpReceiver.refusing();
    const refused = await sendWebhook({ url: closed.url() }, notice, env).catch((e: unknown) => e);
    expect((refused as DeliveryError).permanent).toBe(false);
    expect((refused as Error).message).toMatch(/Cannot reach .*ECONNREFUSED/);
  });
});

describe('webhook error answers', () => {
  it('reads a few KB of an endless error answer, shows its start and closes the connection', async () => {
    let sent = 0;
    let closed!: () => void;
    const gone = new Promise<void>((resolve) => (closed = resolve));
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(500, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      chunk.write('upstream exploded: ');
      // an answer that never ends: the sender must stop reading, or it waits for its timeout
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) sent += chunk.length;
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', closed);
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const failed = await sendWebhook({ url: `http://127.0.0.1:${port}/hook` }, notice, {
        ...env,
        timeoutMs: 60_000,
      }).catch((e: unknown) => e);
      expect((failed as Error).message).toMatch(/answered HTTP 500: upstream exploded: x+$/);
      expect((failed as Error).message.length).toBeLessThan(400);
      await gone;
      expect(sent).toBeLessThan(16 * 1024 * 1024);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
