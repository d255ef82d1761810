import { defineCheck, ruleOf } from './check.js';
import { operationEvidence } from './facts.js';
import { versionShape } from './versions.js';

export const oldVersion = defineCheck({
  vulnId: 'ARGUS-API9-003',
  owasp: 'API9',
  cwe: 'CWE-1059',
  severity: 'low',
  title: 'Old API version alongside a newer one',
  description: 'An older version of this endpoint is still served while a newer version exists.',
  remediation:
    'Plan the retirement of old versions and make sure they get the same security fixes until then.',
  needs: 'the same method and path with a higher `v<N>` segment in the same domain',
  run(f) {
    const { ep, context } = f;
    const shape = context.versions ? versionShape(ep.method, f.segments) : null;
    const newest = shape ? context.versions?.get(shape.key) : undefined;
    if (!shape || !newest || newest.version <= shape.version) return null;
    return {
      subject: newest.normalizedPath,
      confidence: 'medium',
      evidence: [
        operationEvidence(
          ep,
          ruleOf(this.vulnId, 'newer-version'),
          `newer: ${ep.method} ${newest.normalizedPath}`,
        ),
      ],
    };
  },
});
