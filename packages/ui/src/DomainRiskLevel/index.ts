export { DomainRiskLevel, type DomainRiskLevelProps } from './DomainRiskLevel.js';
