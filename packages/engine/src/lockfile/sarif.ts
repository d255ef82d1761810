// SARIF 2.1.0 of an `argus diff`: one rule per change kind, one result per change that
// matters (resolved findings are left out: a result that disappears closes its alert).
// The fingerprint hashes what the change is, not where its line is, so code scanning
// keeps tracking a result when the lockfile around it moves.
import { createHash } from 'node:crypto';
import { LEVEL, SECURITY_SEVERITY } from '../active/sarif.js';
import type { Severity } from '../types.js';
import type { ApiChange, ChangeKind } from './diff.js';

/** Where a change points: a file of the pull request and, when known, the line. */
export interface ChangeLocation {
  uri: string;
  line: number | null;
}

const RULES: Record<Exclude<ChangeKind, 'resolved-finding'>, { name: string; text: string; help: string }> = {
  'auth-regression': {
    name: 'AuthenticationRegression',
    text: 'An endpoint that needed credentials now answers requests without them',
    help: 'Restore the authentication check on the endpoint, or declare it public on purpose and update the lockfile.',
  },
  'new-pii': {
    name: 'NewPersonalData',
    text: 'An endpoint now carries a type of personal data, or carries it in a new field',
    help: 'Check that the data is meant to be exposed; remove or mask it otherwise.',
  },
  'new-finding': {
    name: 'NewFinding',
    text: 'A passive security check now fires on an endpoint',
    help: 'See the finding for its remediation.',
  },
  'new-endpoint': {
    name: 'NewEndpoint',
    text: 'An endpoint the previous inventory did not have',
    help: 'Review and declare the endpoint (add it to the API description and the lockfile).',
  },
  'removed-endpoint': {
    name: 'RemovedEndpoint',
    text: 'An endpoint of the previous inventory is gone',
    help: 'Clients calling it will fail: deprecate before removing.',
  },
  'parameter-added': {
    name: 'ParameterAdded',
    text: 'An endpoint takes a new input',
    help: 'Review the new input: validation, authorisation, documentation.',
  },
  'parameter-removed': {
    name: 'ParameterRemoved',
    text: 'An endpoint no longer takes an input',
    help: 'Clients sending it may break.',
  },
  'parameter-renamed': {
    name: 'PathParameterRenamed',
    text: 'The path parameters of an endpoint have new names',
    help: 'Update the API description and the lockfile.',
  },
};

export function changeFingerprint(c: ApiChange): string {
  return createHash('sha256')
    .update([c.kind, c.domain, c.method, c.path.replace(/\{[^}/]*\}/g, '{}'), c.subject].join('\n'))
    .digest('hex')
    .slice(0, 32);
}

export function diffToSarif(
  changes: readonly ApiChange[],
  locate: (change: ApiChange) => ChangeLocation,
  toolVersion?: string,
): Record<string, unknown> {
  const reported = changes.filter(
    (c): c is ApiChange & { severity: Severity; kind: keyof typeof RULES } => c.severity !== null,
  );
  const kinds = Object.keys(RULES) as (keyof typeof RULES)[];
  const rules = kinds.map((kind) => ({
    id: `argus-diff/${kind}`,
    name: RULES[kind].name,
    shortDescription: { text: RULES[kind].text },
    help: { text: RULES[kind].help },
    properties: { tags: ['security', 'api', 'change-control'] },
  }));
  const results = reported.map((c) => {
    const where = locate(c);
    return {
      ruleId: `argus-diff/${c.kind}`,
      ruleIndex: kinds.indexOf(c.kind),
      level: LEVEL[c.severity],
      message: { text: c.domain ? `${c.message} on ${c.domain}` : c.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: where.uri },
            region: { startLine: where.line ?? 1 },
          },
          logicalLocations: [
            { name: `${c.method} ${c.path}`, fullyQualifiedName: `${c.domain}${c.path}`, kind: 'resource' },
          ],
        },
      ],
      partialFingerprints: { 'argusApiChange/v1': changeFingerprint(c) },
      properties: {
        'security-severity': SECURITY_SEVERITY[c.severity],
        kind: c.kind,
        ...(c.before !== undefined ? { before: c.before } : {}),
        ...(c.after !== undefined ? { after: c.after } : {}),
      },
    };
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'Argus API diff',
            informationUri: 'https://owasp.org/API-Security/editions/2023/en/0x11-t10/',
            ...(toolVersion ? { version: toolVersion } : {}),
            rules,
          },
        },
        results,
      },
    ],
  };
}
