export { SeverityDot, type SeverityDotProps } from './SeverityDot.js';
