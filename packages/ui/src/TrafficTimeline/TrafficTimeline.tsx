'use client';

import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { styled } from 'styled-components';
import { formatNumber } from '../format/format.js';
import { usePrefersReducedMotion } from '../internal/usePrefersReducedMotion.js';

export const Figure = styled.figure`
  display: flex;
  flex-direction: column;
  gap: var(--space-2);
  min-width: 0;
  margin: 0;

  .recharts-cartesian-axis-tick-value {
    fill: var(--color-fg-muted);
    font-size: var(--font-size-xs);
  }
  .recharts-cartesian-grid line {
    stroke: var(--color-border);
  }
  .recharts-default-tooltip {
    border-color: var(--color-border) !important;
    border-radius: var(--radius-md);
    background: var(--color-surface) !important;
    color: var(--color-fg);
  }
`;

export const Caption = styled.figcaption`
  color: var(--color-fg-muted);
  font-size: var(--font-size-sm);
`;

export interface TrafficPoint {
  /** Axis label, e.g. "14:00". */
  label: string;
  requests: number;
}

export interface TrafficTimelineProps {
  /** One point per time bucket: its axis label and the request count. */
  data: readonly TrafficPoint[];
  /** Accessible description of the chart and its visible caption. */
  caption: string;
  /** Chart height in pixels. */
  height?: number;
}

/** Requests over time as an area chart (recharts). */
export function TrafficTimeline({ data, caption, height = 220 }: TrafficTimelineProps) {
  const reducedMotion = usePrefersReducedMotion();
  const total = data.reduce((sum, point) => sum + point.requests, 0);
  return (
    <Figure>
      <div
        role="img"
        aria-label={`${caption}: ${formatNumber(total)} requests over ${data.length} intervals`}
      >
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 600, height }}>
          <AreaChart
            data={[...data]}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <defs>
              <linearGradient id="argus-traffic-fill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor="var(--tone-primary-solid)" stopOpacity={0.35} />
                <stop offset="100%" stopColor="var(--tone-primary-solid)" stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid vertical={false} strokeDasharray="3 3" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} minTickGap={16} />
            <YAxis
              tickLine={false}
              axisLine={false}
              width={48}
              tickFormatter={(v: number) => formatNumber(v)}
            />
            <Tooltip formatter={(v) => [formatNumber(Number(v)), 'Requests']} />
            <Area
              type="monotone"
              dataKey="requests"
              stroke="var(--tone-primary-solid)"
              strokeWidth={2}
              fill="url(#argus-traffic-fill)"
              isAnimationActive={!reducedMotion}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <Caption>{caption}</Caption>
    </Figure>
  );
}
