export { TestEvidence, type EvidenceExchange, type TestEvidenceProps } from './TestEvidence.js';
