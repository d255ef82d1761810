export {
  EvidenceList,
  evidenceLocation,
  evidenceSeen,
  type EvidenceItem,
  type EvidenceListProps,
} from './EvidenceList.js';
