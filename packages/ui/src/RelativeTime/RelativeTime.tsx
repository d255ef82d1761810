'use client';

import { styled } from 'styled-components';
import {
  formatDateTime,
  formatRelativeTime,
  type DateInput,
  type RelativeTimeStyle,
} from '../format/format.js';

const Time = styled.time`
  color: var(--color-fg-muted);
  font-size: var(--font-size-sm);
  white-space: nowrap;
`;

export interface RelativeTimeProps {
  /** The moment to describe: a Date, an ISO string or epoch milliseconds. */
  date: DateInput;
  /** compact: "5 min ago / 3h ago / 2d ago"; long: "just now / 5 minutes ago / 3 hours ago / 2 days ago". */
  variant?: RelativeTimeStyle;
  /** Reference instant (defaults to the current time). */
  now?: DateInput;
}

/** A `<time>` element with relative text and the full date as its title. */
export function RelativeTime({ date, variant = 'compact', now }: RelativeTimeProps) {
  const instant = new Date(date);
  return (
    <Time dateTime={instant.toISOString()} title={formatDateTime(instant)}>
      {formatRelativeTime(instant, variant, now ?? Date.now())}
    </Time>
  );
}
