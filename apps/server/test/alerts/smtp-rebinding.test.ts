// An e-mail channel's own SMTP server is checked by the SSRF guard; a DNS
// name whose answer changes after the check (rebinding: public for the check,
// 169.254.169.254 or 127.0.0.1 for the connection) must not redirect the
// connection. The guard resolves once, with a resolver this test controls, and
// the mail goes to the address it checked, with TLS names still the host's.
// The checked address is public, so the connection to it is handed to a
// loopback SMTP receiver: the test sees where the sender asked to connect.
import net from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LookupFn } from '@argus/connectors';
import type { AlertNotice } from '../../src/notifications/message.js';
import { pinnedSmtp, sendEmail } from '../../src/notifications/senders.js';
import { SmtpReceiver } from './receivers.js';

const PUBLIC = '93.184.216.34';
const HOST = 'mail.rebind.example';

const notice: AlertNotice = {
  id: '7a1f0a5e-0000-4000-8000-000000000002',
  title: 'PII exposed on GET /users/{id}',
  description: 'email found in responses of api.example.com.',
  severity: 'high',
  triggerType: 'pii_detected',
  createdAt: '2026-11-21T06:00:00.000Z',
  endpoint: { method: 'GET', normalizedPath: '/users/{id}', domain: 'api.example.com' },
  domain: 'api.example.com',
  url: 'http://argus.test/alerts',
};

describe('e-mail channel SMTP host: resolved and checked once, then pinned', () => {
  const smtp = new SmtpReceiver();
  beforeAll(() => smtp.up());
  afterAll(() => smtp.down());
  afterEach(() => vi.restoreAllMocks());

  it('connects to the address the guard checked, even when the name answers otherwise later', async () => {
    const answers = [PUBLIC, '169.254.169.254', '127.0.0.1'];
    const asked: string[] = [];
    const lookup: LookupFn = async (name) => {
      asked.push(name);
      return [{ address: answers.shift() ?? '127.0.0.1', family: 4 }];
    };
    const targets: string[] = [];
    const connect = net.connect.bind(net);
    vi.spyOn(net, 'connect').mockImplementation(((options: net.TcpNetConnectOpts, listener?: () => void) => {
      targets.push(`${options.host}:${options.port}`);
      // The checked public address is played by the loopback receiver.
      return connect({ ...options, host: '127.0.0.1', port: smtp.port }, listener);
    }) as typeof net.connect);

    const before = smtp.mails.length;
    await sendEmail({ to: ['sec@example.com'], smtpUrl: `smtp://${HOST}:2525` }, notice, {
      allowPrivate: false,
      smtpUrl: undefined,
      timeoutMs: 5000,
      lookup,
    });
    expect(asked).toEqual([HOST]);
    expect(targets).toEqual([`${PUBLIC}:2525`]);
    expect(smtp.mails.length).toBe(before + 1);
    expect(smtp.mails.at(-1)!.subject).toContain('PII exposed');
  });

  it('refuses a name that resolves to a private address at the check, connecting nowhere', async () => {
    const connect = vi.spyOn(net, 'connect');
    const lookup: LookupFn = async () => [{ address: '10.0.0.5', family: 4 }];
    await expect(
      sendEmail({ to: ['sec@example.com'], smtpUrl: `smtp://${HOST}:25` }, notice, {
        allowPrivate: false,
        smtpUrl: undefined,
        timeoutMs: 5000,
        lookup,
      }),
    ).rejects.toThrow(/resolves to 10\.0\.0\.5/);
    expect(connect).not.toHaveBeenCalled();
  });

  it('keeps the host name for TLS (SNI and the certificate) while connecting to the address', () => {
    const transport = nodemailer.createTransport({
      url: 'smtps://alerts:p%40ss@mail.example.com:465?name=argus.local',
      ...pinnedSmtp(
        'smtps://alerts:p%40ss@mail.example.com:465?name=argus.local',
        'mail.example.com',
        PUBLIC,
      ),
    });
    const options = transport.options as Record<string, unknown>;
    expect(options).toMatchObject({
      host: PUBLIC,
      port: 465,
      secure: true,
      servername: 'mail.example.com',
      tls: { servername: 'mail.example.com' },
      auth: { user: 'alerts', pass: 'p@ss' },
      name: 'argus.local',
    });
    transport.close();
  });
});
