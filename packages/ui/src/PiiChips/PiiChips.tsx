'use client';

import { styled } from 'styled-components';
import { Badge } from '../Badge/Badge.js';

/** PII types the product knows; others are shown in upper case in the `named` style. */
export const KNOWN_PII_TYPES = ['ssn', 'email', 'phone', 'credit_card', 'national_id', 'dob'] as const;

const knownNames: Record<string, string> = {
  ssn: 'SSN',
  email: 'Email',
  phone: 'Phone',
  credit_card: 'Credit Card',
  national_id: 'National ID',
  dob: 'DOB',
};

export type PiiLabelStyle = 'plain' | 'named';

/**
 * plain: underscores become spaces ("credit_card" → "credit card"), as the dashboard and
 * endpoints tables show them. named: known types get their name ("SSN", "Credit Card"),
 * others are upper-cased ("passport_no" → "PASSPORT NO"), as on the PII screen.
 */
export function formatPiiType(type: string, style: PiiLabelStyle = 'plain'): string {
  const spaced = type.replace(/_/g, ' ');
  if (style === 'plain') return spaced;
  return knownNames[type.toLowerCase()] ?? spaced.toUpperCase();
}

const Row = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-1);
`;

const None = styled.span`
  color: var(--color-fg-muted);
  font-size: var(--font-size-sm);
`;

export interface PiiChipsProps {
  /** PII type keys such as `email` or `credit_card`. */
  types: readonly string[];
  /** How many chips before "+N" (default 2; pass Infinity to show all). */
  max?: number;
  /** `plain`: underscores become spaces; `named`: SSN, Credit Card…, unknown types upper-cased. */
  labelStyle?: PiiLabelStyle;
}

/** PII type badges: at most `max`, then "+N" for the rest; "None" when empty. */
export function PiiChips({ types, max = 2, labelStyle = 'plain' }: PiiChipsProps) {
  if (types.length === 0) return <None>None</None>;
  const shown = types.slice(0, max);
  const rest = types.length - shown.length;
  return (
    <Row>
      {shown.map((type) => (
        <Badge key={type} tone="warning">
          {formatPiiType(type, labelStyle)}
        </Badge>
      ))}
      {rest > 0 ? (
        <Badge
          tone="neutral"
          variant="outline"
          title={types
            .slice(max)
            .map((t) => formatPiiType(t, labelStyle))
            .join(', ')}
        >
          +{rest}
        </Badge>
      ) : null}
    </Row>
  );
}
