'use client';

import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../format/format.js';
import { riskBand, riskBandTone, type RiskBand } from '../format/risk.js';
import { usePrefersReducedMotion } from '../internal/usePrefersReducedMotion.js';
import { Caption, Figure } from '../TrafficTimeline/TrafficTimeline.js';

export interface RiskBucket {
  band: RiskBand;
  label: string;
  count: number;
}

const bandLabels: Record<RiskBand, string> = {
  low: 'Low (0-20)',
  elevated: 'Elevated (21-50)',
  high: 'High (51-80)',
  critical: 'Critical (81-100)',
};

/** Counts scores per risk band, in band order. */
export function riskDistribution(scores: readonly number[]): RiskBucket[] {
  const counts: Record<RiskBand, number> = { low: 0, elevated: 0, high: 0, critical: 0 };
  for (const score of scores) counts[riskBand(score)] += 1;
  return (Object.keys(counts) as RiskBand[]).map((band) => ({
    band,
    label: bandLabels[band],
    count: counts[band],
  }));
}

export interface RiskDistributionChartProps {
  /** One bucket per band; build it with `riskDistribution(scores)`. */
  data: readonly RiskBucket[];
  /** Accessible name of the chart (read by screen readers). */
  caption: string;
  /** Chart height in pixels. */
  height?: number;
}

/** Endpoints per risk band as a bar chart coloured by band (recharts). */
export function RiskDistributionChart({ data, caption, height = 220 }: RiskDistributionChartProps) {
  const reducedMotion = usePrefersReducedMotion();
  const summary = data.map((bucket) => `${bucket.label}: ${formatNumber(bucket.count)}`).join(', ');
  return (
    <Figure>
      <div role="img" aria-label={`${caption}. ${summary}`}>
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 600, height }}>
          <BarChart
            data={[...data]}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid vertical={false} strokeDasharray="3 3" />
            <XAxis dataKey="label" tickLine={false} axisLine={false} interval={0} />
            <YAxis tickLine={false} axisLine={false} width={40} allowDecimals={false} />
            <Tooltip
              cursor={{ fill: 'var(--color-surface-hover)' }}
              formatter={(v) => [formatNumber(Number(v)), 'Endpoints']}
            />
            <Bar dataKey="count" radius={[4, 4, 0, 0]} isAnimationActive={!reducedMotion}>
              {data.map((bucket) => (
                <Cell key={bucket.band} fill={`var(--tone-${riskBandTone[bucket.band]}-solid)`} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <Caption>{caption}</Caption>
    </Figure>
  );
}
