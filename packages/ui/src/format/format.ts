/** Formatting helpers shared by components and pages. English (US) output, as the spec's examples. */

const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 12345 → "12,345". */
export function formatNumber(value: number): string {
  return integerFormat.format(value);
}

/** 7.25 → "7.3" with one decimal (or `digits`), with thousands separators. */
export function formatDecimal(value: number, digits = 1): string {
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

export type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a valid date: ${String(value)}`);
  return date;
}

const shortDateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Jan 5, 2025" (in the viewer's time zone). */
export function formatShortDate(value: DateInput): string {
  return shortDateFormat.format(toDate(value));
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Jan 5, 2025, 3:04 PM". */
export function formatDateTime(value: DateInput): string {
  return dateTimeFormat.format(toDate(value));
}

/** Relative-time styles from the spec: the dashboard table and the activity feed. */
export type RelativeTimeStyle = 'compact' | 'long';

/**
 * compact: "N min ago", "Nh ago", "Nd ago" (Top Risky Endpoints "Last Seen").
 * long: "just now", "N minutes ago", "N hours ago", "N days ago" (Recent Activity).
 * Future instants count as "now".
 */
export function formatRelativeTime(
  value: DateInput,
  style: RelativeTimeStyle,
  now: DateInput = Date.now(),
): string {
  const diffMs = Math.max(0, toDate(now).getTime() - toDate(value).getTime());
  const minutes = Math.floor(diffMs / 60_000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (style === 'compact') {
    if (minutes < 60) return `${minutes} min ago`;
    if (hours < 24) return `${hours}h ago`;
    return `${days}d ago`;
  }
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minutes ago`;
  if (hours < 24) return `${hours} hours ago`;
  return `${days} days ago`;
}

/** "credit_card" → "Credit Card"; "high_risk_endpoint" → "High Risk Endpoint". */
export function titleCase(value: string): string {
  return value
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** "critical" → "Critical". */
export function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
