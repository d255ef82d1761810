// One sender per channel type. Each throws a DeliveryError whose message says
// what went wrong; `permanent` errors are not retried.
import { assertPublicUrl, checkedUrl, guardedFetch, readCapped, type LookupFn } from '@argus/connectors';
import type { channelConfigSchemas, ChannelType } from '@argus/api';
import nodemailer from 'nodemailer';
import type { z } from 'zod';
import type { AlertNotice } from './message.js';
import { plainText, shortText, slackMessage, subjectLine, webhookPayload } from './message.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, signWebhook } from './signing.js';

export type ChannelConfigs = { [K in ChannelType]: z.infer<(typeof channelConfigSchemas)[K]> };
export type ChannelConfig = ChannelConfigs[ChannelType];

export interface SenderEnv {
  /** ARGUS_ALLOW_PRIVATE_URLS: channels may reach loopback and private addresses. */
  allowPrivate: boolean;
  /** ARGUS_SMTP_URL, used by e-mail channels without their own smtpUrl. */
  smtpUrl: string | undefined;
  /** Per-request timeout. */
  timeoutMs: number;
  /** DNS for the SSRF guard's check (tests give their own); the system's by default. */
  lookup?: LookupFn;
}

export class DeliveryError extends Error {
  override name = 'DeliveryError';
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
  }
}

export const DEFAULT_FROM = 'Argus <alerts@argus.local>';
export const DEFAULT_TWILIO_BASE_URL = 'https://api.twilio.com';
const RESPONSE_SNIPPET = 200;
/** At most this much of an error answer is read (then the connection closes): a snippet is shown. */
const ERROR_BODY_BYTES = 4096;

/** The channel's URL must pass the SSRF guard; a refusal is permanent. */
async function guardedUrl(url: string, env: SenderEnv): Promise<URL> {
  try {
    return await assertPublicUrl(url, { allowPrivate: env.allowPrivate });
  } catch (err) {
    throw new DeliveryError((err as Error).message, true);
  }
}

async function post(
  url: string,
  init: { headers: Record<string, string>; body: string },
  env: SenderEnv,
): Promise<void> {
  const target = await guardedUrl(url, env);
  let response: Response;
  try {
    // No redirects: a redirect could point the request at a private address.
    response = await guardedFetch({ allowPrivate: env.allowPrivate })(target, {
      method: 'POST',
      headers: { 'user-agent': 'Argus-Notifier/1', ...init.headers },
      body: init.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(env.timeoutMs),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const reason =
      (err as Error).name === 'TimeoutError'
        ? `timed out after ${env.timeoutMs} ms`
        : (cause?.code ?? cause?.message ?? (err as Error).message);
    throw new DeliveryError(`Cannot reach ${target.host}: ${reason}`);
  }
  if (response.ok) {
    await response.body?.cancel();
    return;
  }
  const { text: read } = await readCapped(response, ERROR_BODY_BYTES, { truncate: true }).catch(() => ({
    text: '',
  }));
  const text = read.slice(0, RESPONSE_SNIPPET);
  // 4xx other than timeouts and rate limits mean the request itself is wrong: retrying won't help.
  const permanent =
    response.status >= 300 && response.status < 500 && response.status !== 408 && response.status !== 429;
  throw new DeliveryError(
    `${target.host} answered HTTP ${response.status}${text ? `: ${text}` : ''}`,
    permanent,
  );
}

export async function sendEmail(
  config: ChannelConfigs['email'],
  notice: AlertNotice,
  env: SenderEnv,
): Promise<void> {
  const smtpUrl = config.smtpUrl || env.smtpUrl;
  if (!smtpUrl) {
    throw new DeliveryError('No SMTP server: set ARGUS_SMTP_URL or the channel config smtpUrl', true);
  }
  let host: string;
  try {
    host = new URL(smtpUrl).hostname;
  } catch {
    throw new DeliveryError('The SMTP URL is not a valid URL (expected smtp://user:pass@host:port)', true);
  }
  // The channel's own SMTP server is user input: it passes the same SSRF guard as HTTP URLs, and
  // the connection goes to the address checked, not to what a second DNS answer says (rebinding).
  const pinned = config.smtpUrl ? pinnedSmtp(smtpUrl, host, await checkedSmtpAddress(host, env)) : {};
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    ...pinned,
    connectionTimeout: env.timeoutMs,
    greetingTimeout: env.timeoutMs,
    socketTimeout: env.timeoutMs,
  });
  try {
    await transport.sendMail({
      from: config.from || DEFAULT_FROM,
      to: config.to,
      subject: subjectLine(notice),
      text: plainText(notice),
    });
  } catch (err) {
    const e = err as { responseCode?: number; message: string };
    // 5xx SMTP replies are permanent rejections (unknown mailbox, policy); the rest may pass later.
    throw new DeliveryError(
      `SMTP ${host}: ${e.message}`,
      e.responseCode !== undefined && e.responseCode >= 500,
    );
  } finally {
    transport.close();
  }
}

/** The first address the SSRF guard checked for `host` (undefined when it resolved nothing: private URLs allowed). */
async function checkedSmtpAddress(host: string, env: SenderEnv): Promise<string | undefined> {
  const url = `http://${host.includes(':') ? `[${host}]` : host}/`;
  try {
    return (await checkedUrl(url, { allowPrivate: env.allowPrivate, lookup: env.lookup })).addresses[0];
  } catch (err) {
    throw new DeliveryError((err as Error).message, true);
  }
}

/**
 * Transport options that connect to `address` while TLS still checks the certificate for
 * `host` (SNI and name). nodemailer takes the URL's host over a `host` option, so the URL is rewritten.
 */
export function pinnedSmtp(smtpUrl: string, host: string, address: string | undefined) {
  if (address === undefined || address === host.replace(/^\[|\]$/g, '')) return {};
  const url = new URL(smtpUrl);
  url.hostname = address.includes(':') ? `[${address}]` : address;
  return { url: url.toString(), servername: host, tls: { servername: host } };
}

export async function sendSlack(
  config: ChannelConfigs['slack'],
  notice: AlertNotice,
  env: SenderEnv,
): Promise<void> {
  await post(
    config.webhookUrl,
    { headers: { 'content-type': 'application/json' }, body: JSON.stringify(slackMessage(notice)) },
    env,
  );
}

export async function sendWebhook(
  config: ChannelConfigs['webhook'],
  notice: AlertNotice,
  env: SenderEnv,
  now: () => number = Date.now,
): Promise<void> {
  const body = JSON.stringify(webhookPayload(notice));
  const timestamp = Math.floor(now() / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: String(timestamp),
  };
  if (config.secret) headers[SIGNATURE_HEADER] = signWebhook(config.secret, timestamp, body);
  await post(config.url, { headers, body }, env);
}

export async function sendSms(
  config: ChannelConfigs['sms'],
  notice: AlertNotice,
  env: SenderEnv,
): Promise<void> {
  const base = (config.baseUrl || DEFAULT_TWILIO_BASE_URL).replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const body = new URLSearchParams({ To: config.to, From: config.from, Body: shortText(notice) }).toString();
  const auth = Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64');
  await post(
    url,
    {
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${auth}` },
      body,
    },
    env,
  );
}

export function sendNotification(
  type: ChannelType,
  config: ChannelConfig,
  notice: AlertNotice,
  env: SenderEnv,
): Promise<void> {
  switch (type) {
    case 'email':
      return sendEmail(config as ChannelConfigs['email'], notice, env);
    case 'slack':
      return sendSlack(config as ChannelConfigs['slack'], notice, env);
    case 'webhook':
      return sendWebhook(config as ChannelConfigs['webhook'], notice, env);
    case 'sms':
      return sendSms(config as ChannelConfigs['sms'], notice, env);
  }
}
