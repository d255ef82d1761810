// SARIF 2.1.0 output of an active-test run, for code-scanning UIs: one rule per
// template that ran, one result per confirmed finding (with its evidence and
// curl line), and a notification per test that could not run.
import { createHash } from 'node:crypto';
import { classify } from './cvss.js';
import type { ActiveTestTemplate } from './schema.js';
import type { ActiveRunResult, ActiveTestResult } from './types.js';
import type { Severity } from '../types.js';

export interface SarifOptions {
  tests: ActiveTestTemplate[];
  /** Where the tests ran (named in the run's properties and on results without a spec location). */
  baseUrl: string;
  /** The API description the endpoints came from: results point at the line of their path in it. */
  spec?: { uri: string; text: string };
  toolVersion?: string;
}

export const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'note',
};
/** GitHub code scanning reads `security-severity` (0–10) to rank security results. */
export const SECURITY_SEVERITY: Record<Severity, string> = {
  critical: '9.5',
  high: '8.0',
  medium: '5.5',
  low: '3.0',
};
const MAX_BODY = 4096;

/** 1-based line of a path's key in a spec text (YAML `  /users/{id}:` or JSON `"/users/{id}":`), or null. */
export function lineOfPath(text: string, path: string): number | null {
  const lines = text.split('\n');
  const yaml = `${path}:`;
  const json = `"${path}"`;
  const i = lines.findIndex((l) => {
    const t = l.trim();
    return t.startsWith(yaml) || t.startsWith(`'${path}':`) || t.startsWith(json);
  });
  return i < 0 ? null : i + 1;
}

const fingerprint = (r: ActiveTestResult) =>
  createHash('sha256')
    .update(
      `${r.testId}\n${r.endpoint.method}\n${r.endpoint.path}${r.endpoint.operation ? `\n${r.endpoint.operation}` : ''}`,
    )
    .digest('hex')
    .slice(0, 32);

const cut = (s: string) => (s.length > MAX_BODY ? `${s.slice(0, MAX_BODY)}…` : s);

export function toSarif(run: ActiveRunResult, options: SarifOptions): Record<string, unknown> {
  const used = new Set(run.results.map((r) => r.testId));
  const tests = options.tests.filter((t) => used.has(t.id));
  const ruleIndex = new Map(tests.map((t, i) => [t.id, i]));
  const classes = new Map(tests.map((t) => [t.id, classify(t)]));
  const rules = tests.map((t) => ({
    id: t.id,
    name: t.id.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, c: string) => c.toUpperCase()),
    shortDescription: { text: t.title },
    fullDescription: { text: t.description },
    help: {
      text: t.remediation,
      markdown: `${t.remediation}\n\n${t.references.map((r) => `- ${r}`).join('\n')}`,
    },
    helpUri: t.references[0],
    defaultConfiguration: { level: LEVEL[t.severity] },
    properties: {
      tags: [
        'security',
        'api',
        `OWASP-${t.owasp}:2023`,
        `external/cwe/${classes.get(t.id)!.cwe.toLowerCase()}`,
      ],
      'security-severity': SECURITY_SEVERITY[t.severity],
      precision: 'very-high',
      cwe: classes.get(t.id)!.cwe,
      cvssVector: classes.get(t.id)!.cvss,
      cvssScore: classes.get(t.id)!.score,
    },
  }));
  const results = run.results
    .filter((r) => r.outcome === 'confirmed')
    .map((r) => {
      const line = options.spec ? lineOfPath(options.spec.text, r.endpoint.path) : null;
      const proof = r.evidence.at(-1);
      return {
        ruleId: r.testId,
        ruleIndex: ruleIndex.get(r.testId)!,
        level: LEVEL[r.severity],
        message: { text: `${r.title} on ${r.endpoint.method} ${r.endpoint.path}: ${r.detail}.` },
        locations: [
          {
            ...(options.spec
              ? {
                  physicalLocation: {
                    artifactLocation: { uri: options.spec.uri },
                    ...(line ? { region: { startLine: line } } : {}),
                  },
                }
              : {}),
            logicalLocations: [
              {
                name: `${r.endpoint.method} ${r.endpoint.path}${r.endpoint.operation ? ` ${r.endpoint.operation}` : ''}`,
                fullyQualifiedName: `${options.baseUrl}${r.endpoint.path}`,
                kind: 'resource',
              },
            ],
          },
        ],
        partialFingerprints: { 'argusActiveTest/v1': fingerprint(r) },
        properties: {
          owaspCategory: r.owaspCategory,
          ...(classes.has(r.testId)
            ? {
                cwe: classes.get(r.testId)!.cwe,
                cvssVector: classes.get(r.testId)!.cvss,
                cvssScore: classes.get(r.testId)!.score,
              }
            : {}),
          ...(r.endpoint.operation ? { graphqlOperation: r.endpoint.operation } : {}),
          curl: proof?.curl,
          evidence: r.evidence.map((e) => ({
            step: e.step,
            identity: e.identity,
            request: { ...e.request, ...(e.request.body !== undefined ? { body: cut(e.request.body) } : {}) },
            response: e.response ? { ...e.response, body: cut(e.response.body) } : null,
          })),
        },
      };
    });
  const notifications = run.results
    .filter((r) => r.outcome === 'could-not-run')
    .map((r) => ({
      level: 'note',
      message: { text: `${r.testId} on ${r.endpoint.method} ${r.endpoint.path} could not run: ${r.detail}` },
      descriptor: { id: r.testId },
    }));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'Argus active tests',
            informationUri: 'https://owasp.org/API-Security/editions/2023/en/0x11-t10/',
            ...(options.toolVersion ? { version: options.toolVersion } : {}),
            rules,
          },
        },
        invocations: [
          {
            executionSuccessful: run.stopped !== 'cancelled',
            toolExecutionNotifications: notifications,
            properties: {
              baseUrl: options.baseUrl,
              requestsSent: run.requestsSent,
              stopped: run.stopped ?? null,
            },
          },
        ],
        results,
      },
    ],
  };
}
