import { defineCheck, ruleOf } from './check.js';
import { seenOf } from './facts.js';

export const permissiveCors = defineCheck({
  vulnId: 'ARGUS-API8-003',
  owasp: 'API8',
  cwe: 'CWE-942',
  severity: 'high',
  title: 'Permissive CORS with credentials',
  description:
    'Any origin (a wildcard or the reflected Origin) may make credentialed cross-origin requests, so other sites can act as the signed-in user.',
  remediation:
    'Allow only an explicit list of trusted origins when Access-Control-Allow-Credentials is true.',
  needs: 'Access-Control-Allow-Credentials: true with a wildcard or the request Origin reflected',
  run(f) {
    const acao = f.rh['access-control-allow-origin'];
    const reflected = acao !== undefined && acao !== 'null' && acao === f.ep.requestHeaders['origin'];
    if (!f.headersKnown || f.rh['access-control-allow-credentials']?.toLowerCase() !== 'true') return null;
    if (!(acao === '*' || reflected)) return null;
    return {
      subject: `Access-Control-Allow-Origin: ${acao}`,
      confidence: 'high',
      evidence: [
        {
          side: 'response',
          part: 'header',
          field: 'access-control-allow-origin',
          rule: ruleOf(this.vulnId, reflected ? 'reflected-origin' : 'wildcard-origin'),
          detail: `Access-Control-Allow-Origin: ${reflected ? '(the request Origin, reflected)' : acao} with Access-Control-Allow-Credentials: true`,
          ...seenOf(f.ep),
        },
      ],
    };
  },
});
