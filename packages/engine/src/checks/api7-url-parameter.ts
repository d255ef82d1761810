import { defineCheck, ruleOf } from './check.js';

const URL_PARAM =
  /^(url|uri|callback|callback_url|callbackurl|webhook|webhook_url|webhookurl|redirect|redirect_uri|redirecturi|redirect_url|return_url|returnurl|return_to|next|target|dest|destination|image_url|imageurl|feed|link|src|source_url|endpoint|proxy|fetch)$/i;

export const urlParameter = defineCheck({
  vulnId: 'ARGUS-API7-001',
  owasp: 'API7',
  cwe: 'CWE-918',
  severity: 'medium',
  title: 'URL-valued parameter',
  description:
    'The operation takes a URL from the client (callback, webhook, redirect, image URL), which can make the server fetch internal addresses.',
  remediation:
    'Validate URLs against an allow-list of schemes and hosts, resolve and refuse private addresses, and disable redirects for server-side fetches.',
  needs: 'a query parameter or body field named like a URL, or a parameter declared with format uri/url',
  run(f) {
    const { ep } = f;
    const urlParams = [
      ...f.queryNames.filter((n) => URL_PARAM.test(n)),
      ...f.specParams.filter((p) => p.format === 'uri' || p.format === 'url').map((p) => p.name),
      ...(ep.spec?.requestFields ?? []).filter((x) => URL_PARAM.test(x.split('.').pop() ?? '')),
    ];
    if (urlParams.length === 0) return null;
    const names = [...new Set(urlParams)].slice(0, 5);
    return {
      subject: names.join(', '),
      confidence: 'medium',
      evidence: names.map((n) => ({
        side: 'request' as const,
        part: ep.spec?.requestFields.includes(n) ? ('body' as const) : ('query' as const),
        field: n,
        rule: ruleOf(this.vulnId, 'url-valued-parameter'),
        detail: `the client passes a URL in ${n}`,
      })),
    };
  },
});
