'use client';

import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { Skeleton } from '../Skeleton/Skeleton.js';

const Root = styled.article`
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  min-width: 0;
  padding: var(--space-5);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-lg);
  background: var(--color-surface);
  box-shadow: var(--shadow-sm);
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-2);
`;

const Title = styled.h3`
  margin: 0;
  color: var(--color-fg-muted);
  font-size: var(--font-size-sm);
  font-weight: var(--font-weight-medium);
`;

const Icon = styled.span`
  display: inline-flex;
  color: var(--color-fg-muted);
`;

const Value = styled.p`
  margin: 0;
  font-size: var(--font-size-2xl);
  font-weight: var(--font-weight-bold);
  line-height: 1.2;
  font-variant-numeric: tabular-nums;
`;

export type ChangeTone = 'positive' | 'negative' | 'neutral';

const changeColours: Record<ChangeTone, string> = {
  positive: 'var(--color-success-fg)',
  negative: 'var(--color-danger-fg)',
  neutral: 'var(--color-fg-muted)',
};

const Change = styled.p<{ $tone: ChangeTone }>`
  margin: 0;
  color: ${(p) => changeColours[p.$tone]};
  font-size: var(--font-size-xs);
  font-weight: var(--font-weight-medium);
`;

export interface MetricCardProps {
  /** Card heading, e.g. "Total Endpoints". */
  title: string;
  /** Already formatted value ("12,345", "42.5"). */
  value: ReactNode;
  /** The change line, e.g. "+12.5% from last month". */
  change?: ReactNode;
  /** Colour of `change`: positive green, negative red, neutral grey. */
  changeTone?: ChangeTone;
  /** Icon shown beside the title (decorative; hidden from screen readers). */
  icon?: ReactNode;
}

function MetricCardSkeleton() {
  return (
    <Root aria-hidden="true" data-testid="metric-card-skeleton">
      <Skeleton width="50%" height={14} />
      <Skeleton width="40%" height={30} />
      <Skeleton width="70%" height={12} />
    </Root>
  );
}

function MetricCardBase({ title, value, change, changeTone = 'neutral', icon }: MetricCardProps) {
  return (
    <Root aria-label={title}>
      <Top>
        <Title>{title}</Title>
        {icon ? <Icon aria-hidden="true">{icon}</Icon> : null}
      </Top>
      <Value>{value}</Value>
      {change ? <Change $tone={changeTone}>{change}</Change> : null}
    </Root>
  );
}

/** A headline number with title, icon and change line. `MetricCard.Skeleton` is its loading shape. */
export const MetricCard = Object.assign(MetricCardBase, { Skeleton: MetricCardSkeleton });
