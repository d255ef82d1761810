import { defineCheck, ruleOf } from './check.js';
import { isLocalHost, seenOf } from './facts.js';

const hostOf = (url: string) => /^[a-z]+:\/\/([^/:?#]*)/i.exec(url)?.[1] ?? '';

export const plainHttp = defineCheck({
  vulnId: 'ARGUS-API8-001',
  owasp: 'API8',
  cwe: 'CWE-319',
  severity: 'medium',
  title: 'Plain HTTP',
  description: 'The endpoint is served over unencrypted HTTP.',
  remediation: 'Serve over HTTPS only, redirect HTTP and send Strict-Transport-Security.',
  needs:
    'requests over http to a host that is not local, or (without traffic) an API description offering an http server on such a host',
  run(f) {
    const { ep } = f;
    const http = ep.schemes['http'] ?? 0;
    const servers = ep.spec?.servers ?? [];
    // A description may offer http beside https: clients can still choose it, a weaker sign.
    const httpServers = servers.filter((s) => /^http:\/\//i.test(s) && !isLocalHost(hostOf(s)));
    const httpsOffered = servers.some((s) => /^https:\/\//i.test(s));
    const described = ep.requestCount === 0 && httpServers.length > 0;
    if ((http === 0 && !described) || isLocalHost(ep.domain)) return null;
    return {
      severity: ep.pii.length > 0 || f.auth === 'required' ? 'high' : 'medium',
      confidence: http > 0 ? 'high' : httpsOffered ? 'low' : 'medium',
      evidence: [
        {
          side: 'request',
          part: 'scheme',
          rule: ruleOf(this.vulnId, 'plain-http'),
          detail:
            http > 0
              ? `${http} request(s) over http`
              : `the API description's servers include http: ${httpServers.slice(0, 2).join(', ')}${httpsOffered ? ' (https is offered too)' : ''}`,
          ...seenOf(ep),
        },
      ],
    };
  },
});
