// Channel configs at rest: secret fields are sealed with the app's secret box
// (AES-256-GCM), the rest is stored as JSON; answers carry masked secrets.
import { channelConfigSchemas, type ChannelType, type Delivery, type NotificationChannel } from '@argus/api';
import type { SecretBox } from '../secrets.js';
import { ValidationError, type FieldIssue } from '../errors.js';
import type { ChannelConfig } from './senders.js';
import { assertPublicUrl } from '@argus/connectors';

/** Fields that grant access to something: never stored in clear, never returned. */
export const SECRET_FIELDS: Record<ChannelType, readonly string[]> = {
  email: ['smtpUrl'],
  slack: ['webhookUrl'],
  webhook: ['secret'],
  sms: ['authToken'],
};

export const MASK = '••••';

export function mask(value: string): string {
  return `${MASK}${value.length > 8 ? value.slice(-4) : ''}`;
}

export interface StoredChannel {
  config: Record<string, unknown>;
  secretsSealed: string | null;
}

export function sealConfig(
  type: ChannelType,
  config: Record<string, unknown>,
  box: SecretBox,
): StoredChannel {
  const plain: Record<string, unknown> = {};
  const secrets: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    (SECRET_FIELDS[type].includes(key) ? secrets : plain)[key] = value;
  }
  return {
    config: plain,
    secretsSealed: Object.keys(secrets).length ? box.seal(JSON.stringify(secrets)) : null,
  };
}

/** The full config, secrets included: only for sending. */
export function openConfig(row: StoredChannel, box: SecretBox): Record<string, unknown> {
  const secrets = row.secretsSealed
    ? (JSON.parse(box.open(row.secretsSealed)) as Record<string, unknown>)
    : {};
  return { ...row.config, ...secrets };
}

export function maskedConfig(type: ChannelType, row: StoredChannel, box: SecretBox): Record<string, unknown> {
  const full = openConfig(row, box);
  const out: Record<string, unknown> = { ...row.config };
  for (const key of SECRET_FIELDS[type]) {
    const value = full[key];
    if (typeof value === 'string') out[key] = mask(value);
  }
  return out;
}

/** Where a channel sends (and so where a kept secret would go). */
const DESTINATION_FIELDS = ['url', 'webhookUrl', 'baseUrl', 'smtpUrl'] as const;

/**
 * Validates a config for its type (unknown keys dropped) and checks every URL it
 * points at against the SSRF guard. On update, a secret sent back masked (as the
 * list showed it) keeps the stored value, unless the destination changed: the
 * stored secret must never go to a host it was not entered for.
 */
export async function checkConfig(
  type: ChannelType,
  config: Record<string, unknown>,
  options: {
    allowPrivate: boolean;
    /** ARGUS_SMTP_URL: e-mail channels without their own smtpUrl need it. */
    serverSmtpUrl?: string | undefined;
    previous?: Record<string, unknown>;
  },
): Promise<ChannelConfig> {
  const merged = { ...config };
  const kept: string[] = [];
  for (const key of SECRET_FIELDS[type]) {
    const value = merged[key];
    if (typeof value === 'string' && value.startsWith(MASK) && options.previous) {
      merged[key] = options.previous[key];
      kept.push(key);
    }
  }
  const result = channelConfigSchemas[type].safeParse(merged);
  if (!result.success) {
    throw new ValidationError(
      result.error.issues.map((i) => ({
        path: ['config', ...i.path.map(String)].join('.'),
        message: i.message,
      })),
    );
  }
  const parsed = result.data as Record<string, unknown>;
  const previous = options.previous;
  if (kept.length > 0 && previous) {
    const moved = DESTINATION_FIELDS.some((key) => !kept.includes(key) && parsed[key] !== previous[key]);
    if (moved) {
      throw new ValidationError(
        kept.map((key) => ({
          path: `config.${key}`,
          message: `Enter the secret again: the destination changed (config.${key})`,
        })),
      );
    }
  }
  const issues: FieldIssue[] = [];
  const urls: Array<[string, string]> = [];
  for (const key of ['url', 'webhookUrl', 'baseUrl'] as const) {
    if (typeof parsed[key] === 'string' && parsed[key] !== '') urls.push([key, parsed[key]]);
  }
  if (type === 'email' && !parsed.smtpUrl && !options.serverSmtpUrl) {
    issues.push({
      path: 'config.smtpUrl',
      message: 'No SMTP server: set ARGUS_SMTP_URL on the server or give the channel its own smtpUrl',
    });
  }
  if (typeof parsed.smtpUrl === 'string' && parsed.smtpUrl !== '') {
    const smtp = URL.canParse(parsed.smtpUrl) ? new URL(parsed.smtpUrl) : null;
    if (!smtp || (smtp.protocol !== 'smtp:' && smtp.protocol !== 'smtps:') || !smtp.hostname) {
      issues.push({
        path: 'config.smtpUrl',
        message: 'smtpUrl must look like smtp://user:password@host:587 or smtps://…',
      });
    } else {
      urls.push(['smtpUrl', `http://${smtp.host}/`]);
    }
  }
  for (const [key, url] of urls) {
    try {
      await assertPublicUrl(url, { allowPrivate: options.allowPrivate });
    } catch (err) {
      issues.push({ path: `config.${key}`, message: `config.${key}: ${(err as Error).message}` });
    }
  }
  if (issues.length) throw new ValidationError(issues);
  return parsed as ChannelConfig;
}

export interface ChannelRow extends StoredChannel {
  id: string;
  name: string;
  type: ChannelType;
  isActive: boolean;
  createdAt: Date;
}

export interface DeliveryRow {
  id: string;
  alertId: string | null;
  status: Delivery['status'];
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

export const deliveryAnswer = (d: DeliveryRow): Delivery => ({
  id: d.id,
  alertId: d.alertId,
  status: d.status,
  attempts: d.attempts,
  lastError: d.lastError,
  createdAt: d.createdAt.toISOString(),
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
});

export function channelAnswer(
  row: ChannelRow,
  box: SecretBox,
  lastDelivery: DeliveryRow | null,
): NotificationChannel {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    config: maskedConfig(row.type, row, box),
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: lastDelivery ? deliveryAnswer(lastDelivery) : null,
  };
}
