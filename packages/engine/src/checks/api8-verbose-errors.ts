import { defineCheck, ruleOf } from './check.js';
import { seenOf } from './facts.js';

const VERBOSE =
  /(\bat [\w$.<>]+ \([^)]*:\d+:\d+\)|Traceback \(most recent call last\)|Exception in thread|\bjava\.[a-z]+\.[A-Z]\w+(Exception|Error)|System\.[A-Z]\w+Exception|SQLSTATE\[|\bORA-\d{5}\b|You have an error in your SQL syntax|PG::[A-Z]\w+|\bstack"\s*:\s*"|\/(home|var|usr|srv)\/[\w./-]+\.(py|rb|js|ts|php|java|go):\d+|\.php on line \d+|DEBUG = True)/;

export const verboseErrors = defineCheck({
  vulnId: 'ARGUS-API8-004',
  owasp: 'API8',
  cwe: 'CWE-209',
  severity: 'medium',
  title: 'Verbose error bodies',
  description: 'Error responses contain stack traces, SQL errors or file paths that help attackers.',
  remediation: 'Return generic error messages with a correlation id; log the details on the server only.',
  needs: 'an error response body (4xx/5xx) with a stack trace, SQL error or source file path',
  run(f) {
    const verbose = f.ep.errorSample ? VERBOSE.exec(f.ep.errorSample) : null;
    if (!verbose) return null;
    return {
      subject: verbose[0].slice(0, 80),
      confidence: 'high',
      evidence: [
        {
          side: 'response',
          part: 'body',
          rule: ruleOf(this.vulnId, 'stack-trace-or-sql-error'),
          sample: verbose[0].slice(0, 80),
          detail: 'an error response body shows internals',
          ...seenOf(f.ep),
        },
      ],
    };
  },
});
