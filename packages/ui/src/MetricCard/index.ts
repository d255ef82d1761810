export { MetricCard, type MetricCardProps, type ChangeTone } from './MetricCard.js';
