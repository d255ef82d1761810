export { PiiRiskScore, type PiiRiskScoreProps } from './PiiRiskScore.js';
