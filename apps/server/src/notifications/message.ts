// What a notification says, whatever the channel: built once per alert from the stored row.
import type { EndpointRef } from '@argus/api';

export interface AlertNotice {
  id: string;
  title: string;
  description: string;
  severity: string;
  triggerType: string;
  createdAt: string;
  endpoint: EndpointRef | null;
  domain: string | null;
  /** Link back to the alert in the dashboard. */
  url: string;
  /** True for "send test notification". */
  test?: boolean;
}

/** "GET /users/{id} on api.example.com", or the domain, or "". */
export function describeTarget(notice: AlertNotice): string {
  if (notice.endpoint)
    return `${notice.endpoint.method} ${notice.endpoint.normalizedPath} on ${notice.endpoint.domain}`;
  return notice.domain ?? '';
}

export function subjectLine(notice: AlertNotice): string {
  return `${notice.test ? '[Argus test] ' : '[Argus] '}${notice.severity.toUpperCase()}: ${notice.title}`;
}

export function plainText(notice: AlertNotice): string {
  const target = describeTarget(notice);
  return [
    notice.test ? 'This is a test notification from Argus.\n' : null,
    notice.title,
    '',
    notice.description,
    '',
    `Severity: ${notice.severity}`,
    `Trigger: ${notice.triggerType}`,
    target ? `Endpoint: ${target}` : null,
    `Raised: ${notice.createdAt}`,
    '',
    `View in Argus: ${notice.url}`,
  ]
    .filter((line) => line !== null)
    .join('\n');
}

/** At most 160 characters: one SMS segment. */
export function shortText(notice: AlertNotice): string {
  const target = describeTarget(notice);
  const text = `Argus ${notice.test ? 'test ' : ''}${notice.severity.toUpperCase()}: ${notice.title}${target ? ` (${target})` : ''}`;
  return text.length <= 160 ? text : `${text.slice(0, 159)}…`;
}

/** The JSON body of a generic webhook. */
export function webhookPayload(notice: AlertNotice): Record<string, unknown> {
  return {
    event: notice.test ? 'test' : 'alert.created',
    alert: {
      id: notice.id,
      title: notice.title,
      description: notice.description,
      severity: notice.severity,
      triggerType: notice.triggerType,
      createdAt: notice.createdAt,
      endpoint: notice.endpoint,
      domain: notice.domain,
      url: notice.url,
    },
  };
}

const SLACK_EMOJI: Record<string, string> = {
  critical: ':red_circle:',
  high: ':large_orange_circle:',
  medium: ':large_yellow_circle:',
  low: ':white_circle:',
};

/**
 * Slack reads `<…>` as mentions and links (`<!channel>`, `<http://x|click>`) in
 * `text` and in mrkdwn alike: &, < and > are escaped in everything it is sent.
 */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An incoming-webhook message: a plain `text` fallback plus Block Kit blocks. */
export function slackMessage(notice: AlertNotice): Record<string, unknown> {
  const emoji = SLACK_EMOJI[notice.severity] ?? ':white_circle:';
  const target = slackEscape(describeTarget(notice));
  const title = slackEscape(notice.title);
  const severity = slackEscape(notice.severity);
  const level = slackEscape(notice.severity.toUpperCase());
  const headline = `${emoji} *${level}*${notice.test ? ' (test)' : ''}: ${title}`;
  return {
    text: `${notice.test ? '[test] ' : ''}${level}: ${title}${target ? ` — ${target}` : ''}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `${headline}\n${slackEscape(notice.description)}` } },
      {
        type: 'section',
        fields: [
          { type: 'mrkdwn', text: `*Severity*\n${severity}` },
          { type: 'mrkdwn', text: `*Trigger*\n${slackEscape(notice.triggerType)}` },
          ...(target ? [{ type: 'mrkdwn', text: `*Endpoint*\n\`${target}\`` }] : []),
        ],
      },
      {
        type: 'context',
        elements: [
          { type: 'mrkdwn', text: `<${slackEscape(notice.url).replace(/\|/g, '%7C')}|View in Argus>` },
        ],
      },
    ],
  };
}
