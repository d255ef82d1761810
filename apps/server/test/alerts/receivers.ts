// Real receivers on loopback (ephemeral ports) standing in for an SMTP server,
// Slack, a webhook endpoint and a Twilio-compatible SMS API.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { verifyWebhook } from '../../src/notifications/signing.js';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Resolves once `check` holds, polling every 20 ms; fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export class HttpReceiver {
  readonly requests: ReceivedRequest[] = [];
  /** Status answered to every request. */
  status = 200;
  private server: Server | null = null;
  private portNumber = 0;

  get port(): number {
    return this.portNumber;
  }

  url(path = '/'): string {
    return `http://127.0.0.1:${this.portNumber}${path}`;
  }

  /** Listen on an ephemeral port, or on the port it had before (after `down`). */
  async up(): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.requests.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res
          .writeHead(this.status, { 'content-type': 'application/json' })
          .end(this.status < 300 ? '{"ok":true}' : '{"error":"down"}');
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.portNumber, '127.0.0.1', () => resolve());
    });
    this.portNumber = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** A receiver that was listening and stopped: its port refuses connections until `up`. */
  static async refusing(): Promise<HttpReceiver> {
    const receiver = new HttpReceiver();
    await receiver.up();
    await receiver.down();
    return receiver;
  }

  /** Stop listening: connections are refused until `up` again. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Whether a received webhook carries a valid Argus signature for `secret`. */
export function signedWith(secret: string, request: ReceivedRequest): boolean {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return verifyWebhook(
    secret,
    { signature: header('x-argus-signature'), timestamp: header('x-argus-timestamp') },
    request.body,
  );
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  body: string;
}

/** Header value with RFC 2047 encoded words decoded and folding undone. */
function decodeHeader(value: string): string {
  return value
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function decodeBody(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

export class SmtpReceiver {
  readonly mails: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async up(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const split = raw.indexOf('\r\n\r\n');
          const headers = raw.slice(0, split);
          const subject = /^subject:(.*(?:\r?\n[ \t].*)*)/im.exec(headers)?.[1]?.trim() ?? '';
          this.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            subject: decodeHeader(subject),
            body: decodeBody(headers, raw.slice(split + 4)),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
