'use client';

import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import type { Tone } from '../theme/tokens.js';
import { Skeleton } from '../Skeleton/Skeleton.js';

const Root = styled.article`
  display: flex;
  align-items: center;
  gap: var(--space-3);
  min-width: 0;
  padding: var(--space-4);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-lg);
  background: var(--color-surface);
`;

const IconBox = styled.span<{ $tone: Tone }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: 40px;
  height: 40px;
  border-radius: var(--radius-md);
  background: var(--tone-${(p) => p.$tone}-bg);
  color: var(--tone-${(p) => p.$tone}-fg);
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const Label = styled.h3`
  margin: 0;
  color: var(--color-fg-muted);
  font-size: var(--font-size-sm);
  font-weight: var(--font-weight-medium);
`;

const Value = styled.p`
  margin: 0;
  font-size: var(--font-size-xl);
  font-weight: var(--font-weight-bold);
  font-variant-numeric: tabular-nums;
`;

export interface StatTileProps {
  /** What the number counts, e.g. "Open Alerts". */
  label: string;
  /** Already formatted value. */
  value: ReactNode;
  /** Icon beside the label (decorative). */
  icon?: ReactNode;
  /** Colour of the icon and value. */
  tone?: Tone;
}

function StatTileSkeleton() {
  return (
    <Root aria-hidden="true" data-testid="stat-tile-skeleton">
      <Skeleton width={40} height={40} />
      <Text style={{ flex: 1, gap: 6 }}>
        <Skeleton width="60%" height={12} />
        <Skeleton width="40%" height={22} />
      </Text>
    </Root>
  );
}

function StatTileBase({ label, value, icon, tone = 'primary' }: StatTileProps) {
  return (
    <Root aria-label={label}>
      {icon ? (
        <IconBox $tone={tone} aria-hidden="true">
          {icon}
        </IconBox>
      ) : null}
      <Text>
        <Label>{label}</Label>
        <Value>{value}</Value>
      </Text>
    </Root>
  );
}

/** Summary tile used above list screens (Total Domains, Open Alerts…). */
export const StatTile = Object.assign(StatTileBase, { Skeleton: StatTileSkeleton });
/** Alias: the spec calls them tiles. */
export const Tile = StatTile;
