export {
  RiskDistributionChart,
  riskDistribution,
  type RiskDistributionChartProps,
  type RiskBucket,
} from './RiskDistributionChart.js';
