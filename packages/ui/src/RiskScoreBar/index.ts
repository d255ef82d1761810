export { RiskScoreBar, type RiskScoreBarProps } from './RiskScoreBar.js';
