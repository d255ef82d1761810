import { defineCheck, ruleOf } from './check.js';
import { operationEvidence } from './facts.js';

const PAGING =
  /^(limit|page|per_page|perpage|page_size|pagesize|size|offset|cursor|after|before|max|maxresults|max_results|top|skip|first|last|count|pagetoken|page_token)$/i;

export const unboundedList = defineCheck({
  vulnId: 'ARGUS-API4-001',
  owasp: 'API4',
  cwe: 'CWE-770',
  severity: 'medium',
  title: 'List endpoint without paging limits',
  description:
    'A collection is returned without a limit/page parameter, so one request can make the server read and send everything.',
  remediation: 'Add limit/cursor parameters with a server-side maximum and a default page size.',
  needs: 'a GET on a collection path that returns an array (seen or declared) with no paging parameter',
  run(f) {
    const { ep, segments, queryNames } = f;
    const last = segments[segments.length - 1] ?? '';
    const collection = ep.method === 'GET' && last !== '' && !last.startsWith('{');
    const fields = ep.spec?.responseFields ?? [];
    const returnsArray =
      (ep.responseSample?.trimStart().startsWith('[') ?? false) ||
      (fields.length > 0 && fields.every((x) => x.startsWith('[]') || x === ''));
    const specArray = fields.some((x) => x.startsWith('[]'));
    if (!collection || !(returnsArray || specArray) || queryNames.some((n) => PAGING.test(n))) return null;
    return {
      subject: ep.normalizedPath,
      confidence: 'medium',
      evidence: [
        operationEvidence(
          ep,
          ruleOf(this.vulnId, 'array-without-paging'),
          `returns an array; no paging parameter among ${queryNames.length ? queryNames.slice(0, 8).join(', ') : 'its (no) query parameters'}`,
        ),
      ],
    };
  },
});
