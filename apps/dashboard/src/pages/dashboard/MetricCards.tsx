import { errorMessage } from '@argus/api';
import { useMetrics } from '@argus/api/hooks';
import { EmptyState, formatDecimal, formatNumber, MetricCard } from '@argus/ui';
import { Activity, AlertTriangle, Eye, Network } from 'lucide-react';
import { styled } from 'styled-components';
import { HiddenHeading } from '../../shared/layout.js';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: var(--space-4);
`;

/** Four headline numbers; the change lines are fixed texts of the spec, not server data. */
export function MetricCards() {
  const { data: metrics, error, isLoading } = useMetrics();
  if (isLoading) {
    return (
      <Grid role="status" aria-busy="true" aria-label="Loading metrics">
        {Array.from({ length: 4 }, (_, i) => (
          <MetricCard.Skeleton key={i} />
        ))}
      </Grid>
    );
  }
  if (!metrics) {
    return <EmptyState title="No metrics available" description={error ? errorMessage(error) : undefined} />;
  }
  return (
    <Grid>
      <HiddenHeading>Metrics</HiddenHeading>
      <MetricCard
        title="Total Endpoints"
        value={formatNumber(metrics.totalEndpoints)}
        change="+12.5% from last month"
        changeTone="positive"
        icon={<Network size={18} />}
      />
      <MetricCard
        title="High Risk"
        value={formatNumber(metrics.highRiskEndpoints)}
        change="+5 from yesterday"
        changeTone="negative"
        icon={<AlertTriangle size={18} />}
      />
      <MetricCard
        title="PII Exposed"
        value={formatNumber(metrics.piiEndpoints)}
        change="-3 from last week"
        changeTone="positive"
        icon={<Eye size={18} />}
      />
      <MetricCard
        title="Avg Risk Score"
        value={formatDecimal(Number.parseFloat(metrics.avgRiskScore) || 0, 1)}
        change="-2.1 improvement"
        changeTone="positive"
        icon={<Activity size={18} />}
      />
    </Grid>
  );
}
