export { DomainHighRiskCount, type DomainHighRiskCountProps } from './DomainHighRiskCount.js';
