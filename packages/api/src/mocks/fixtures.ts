// Deterministic fixture factories: realistic Argus data for Storybook, the
// dashboard's tests and `npm run dev` without a server. Same seed, same data.
import type {
  Activity,
  Alert,
  AlertRule,
  AuditEntry,
  DiscoverySource,
  Domain,
  Endpoint,
  EndpointSummary,
  Evidence,
  ManagedUser,
  Metrics,
  NotificationChannel,
  PiiEndpoint,
  PiiFinding,
  Settings,
  User,
  Vulnerability,
} from '../entities.js';
import { SCAN_SAMPLE_HOST } from '../scan.js';
import { HIGH_RISK_THRESHOLD, SETTINGS_DEFAULTS } from '../vocabulary.js';

/** The fixed "now" of every fixture (Storybook fakes the clock to this instant under test). */
export const FIXTURE_NOW = Date.parse('2025-06-01T12:00:00Z');

/** mulberry32: a tiny seeded PRNG, so fixtures never change between runs. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const iso = (msAgo: number) => new Date(FIXTURE_NOW - msAgo).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export const FIXTURE_DOMAINS = [
  'api.acme-payments.com',
  'accounts.acme-payments.com',
  'partners.globex.io',
  'internal.initech.net',
  'mobile-api.umbrella.dev',
  'legacy.hooli.com',
] as const;

const RESOURCES = [
  'users',
  'accounts',
  'orders',
  'payments',
  'invoices',
  'customers',
  'cards',
  'sessions',
  'tokens',
  'profiles',
  'refunds',
  'subscriptions',
  'addresses',
  'documents',
  'reports',
  'webhooks',
];
const SUBRESOURCES = [
  'addresses',
  'payment-methods',
  'history',
  'settings',
  'permissions',
  'notes',
  'attachments',
  'events',
];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const PII_TYPES = [
  'email',
  'phone',
  'ssn',
  'credit_card',
  'national_id',
  'dob',
  'ip_address',
  'iban',
  'jwt',
  'api_key',
  'passport',
];
const CLASSIFICATIONS = ['public', 'authenticated', 'internal', 'admin', 'sensitive'];

const VULN_CATALOGUE = [
  {
    vulnId: 'ARGUS-API1-BOLA',
    title: 'Object ID in path without authentication',
    owasp: 'API1:2023 Broken Object Level Authorization',
    severity: 'critical',
    remediation: 'Require authentication and check that the caller owns the object on every request.',
  },
  {
    vulnId: 'ARGUS-API2-NOAUTH',
    title: 'No authentication on a non-public operation',
    owasp: 'API2:2023 Broken Authentication',
    severity: 'high',
    remediation: 'Put the operation behind the API gateway authentication policy.',
  },
  {
    vulnId: 'ARGUS-API2-QUERYCRED',
    title: 'Credentials in the query string',
    owasp: 'API2:2023 Broken Authentication',
    severity: 'high',
    remediation: 'Send credentials in the Authorization header, never in the URL.',
  },
  {
    vulnId: 'ARGUS-API3-SENSITIVE-RESPONSE',
    title: 'Sensitive data in responses',
    owasp: 'API3:2023 Broken Object Property Level Authorization',
    severity: 'high',
    remediation: 'Return only the fields the client needs; mask personal data.',
  },
  {
    vulnId: 'ARGUS-API4-NOPAGING',
    title: 'List endpoint without paging limits',
    owasp: 'API4:2023 Unrestricted Resource Consumption',
    severity: 'medium',
    remediation: 'Enforce a maximum page size and paginate list answers.',
  },
  {
    vulnId: 'ARGUS-API4-NORATELIMIT',
    title: 'No rate-limit headers',
    owasp: 'API4:2023 Unrestricted Resource Consumption',
    severity: 'low',
    remediation: 'Apply rate limits and advertise them with RateLimit headers.',
  },
  {
    vulnId: 'ARGUS-API5-ADMIN',
    title: 'Admin path reachable without authentication',
    owasp: 'API5:2023 Broken Function Level Authorization',
    severity: 'critical',
    remediation: 'Restrict administrative functions to authenticated administrators.',
  },
  {
    vulnId: 'ARGUS-API7-URLPARAM',
    title: 'URL-valued parameter (possible SSRF)',
    owasp: 'API7:2023 Server Side Request Forgery',
    severity: 'medium',
    remediation: 'Validate URLs against an allow-list and block private address ranges.',
  },
  {
    vulnId: 'ARGUS-API8-HEADERS',
    title: 'Missing security headers',
    owasp: 'API8:2023 Security Misconfiguration',
    severity: 'low',
    remediation: 'Send Strict-Transport-Security, X-Content-Type-Options and Cache-Control: no-store.',
  },
  {
    vulnId: 'ARGUS-API9-SHADOW',
    title: 'Shadow endpoint not in the API specification',
    owasp: 'API9:2023 Improper Inventory Management',
    severity: 'medium',
    remediation: 'Document the endpoint in the OpenAPI description or retire it.',
  },
  {
    vulnId: 'ARGUS-API9-ZOMBIE',
    title: 'Deprecated endpoint still receiving traffic',
    owasp: 'API9:2023 Improper Inventory Management',
    severity: 'info',
    remediation: 'Migrate clients and switch the deprecated operation off.',
  },
];

export const FIXTURE_USERS: User[] = [
  { id: 'u-admin', username: 'admin' },
  { id: 'u-alice', username: 'alice.chen' },
  { id: 'u-bob', username: 'bob.okafor' },
  { id: 'u-carol', username: 'carol.silva' },
];

/**
 * The same people as User Management lists them: each role, a second admin and
 * two disabled accounts (disabled users are not offered for assignment, so
 * `/users` still lists the four above).
 */
export const FIXTURE_MANAGED_USERS: ManagedUser[] = [
  {
    ...FIXTURE_USERS[0]!,
    role: 'admin',
    disabled: false,
    createdAt: iso(120 * DAY),
    lastLoginAt: iso(2 * MIN),
  },
  {
    ...FIXTURE_USERS[1]!,
    role: 'analyst',
    disabled: false,
    createdAt: iso(90 * DAY),
    lastLoginAt: iso(3 * HOUR),
  },
  {
    ...FIXTURE_USERS[2]!,
    role: 'analyst',
    disabled: false,
    createdAt: iso(60 * DAY),
    lastLoginAt: iso(2 * DAY),
  },
  { ...FIXTURE_USERS[3]!, role: 'viewer', disabled: false, createdAt: iso(30 * DAY), lastLoginAt: null },
  {
    id: 'u-dana',
    username: 'dana.ito',
    role: 'admin',
    disabled: true,
    createdAt: iso(100 * DAY),
    lastLoginAt: iso(40 * DAY),
  },
  {
    id: 'u-erik',
    username: 'erik.novak',
    role: 'viewer',
    disabled: true,
    createdAt: iso(20 * DAY),
    lastLoginAt: null,
  },
];

/** An audit log of `count` entries, newest first, about the fixture users, channels, rules and settings. */
export function makeAuditLog(count = 45): AuditEntry[] {
  const ips = ['203.0.113.24', '198.51.100.7', null] as const;
  const actions: Omit<AuditEntry, 'id' | 'at' | 'actorId' | 'actorUsername' | 'ip'>[] = [
    {
      action: 'user.role',
      targetType: 'user',
      targetId: 'u-bob',
      summary: 'Changed role of bob.okafor from viewer to analyst',
    },
    {
      action: 'settings.update',
      targetType: 'settings',
      targetId: null,
      summary: 'Changed scan interval from 30 to 60 minutes',
    },
    {
      action: 'channel.update',
      targetType: 'channel',
      targetId: 'ch-1',
      summary: 'Updated channel "Security team Slack"',
    },
    {
      action: 'rule.create',
      targetType: 'rule',
      targetId: 'rule-2',
      summary: 'Created alert rule "PII on public endpoints"',
    },
    {
      action: 'source.delete',
      targetType: 'source',
      targetId: 'src-9',
      summary: 'Removed discovery source "legacy-gateway"',
    },
    { action: 'user.disable', targetType: 'user', targetId: 'u-erik', summary: 'Disabled user erik.novak' },
    {
      action: 'secret.update',
      targetType: 'secret',
      targetId: 'ch-3',
      summary: 'Replaced the auth token of channel "On-call SMS"',
    },
    {
      action: 'user.create',
      targetType: 'user',
      targetId: 'u-carol',
      summary: 'Added user carol.silva as viewer',
    },
    {
      action: 'domain.create',
      targetType: 'domain',
      targetId: 'd-2',
      summary: 'Added domain api.acme-payments.com',
    },
  ];
  return Array.from({ length: count }, (_, i) => {
    const byCli = i % 11 === 10;
    const actor = i % 3 === 2 ? FIXTURE_USERS[0]! : { id: 'u-dana', username: 'dana.ito' };
    return {
      id: `audit-${count - i}`,
      at: iso(7 * MIN + i * 5 * HOUR),
      actorId: byCli ? null : actor.id,
      actorUsername: byCli ? null : actor.username,
      ...actions[i % actions.length]!,
      ip: byCli ? null : (ips[i % ips.length] ?? null),
    };
  });
}

export interface Fixtures {
  endpoints: Endpoint[];
  domains: Domain[];
  activities: Activity[];
  alerts: Alert[];
  alertRules: AlertRule[];
  channels: NotificationChannel[];
  sources: DiscoverySource[];
  /** Everyone User Management lists; `/users` answers the enabled ones. */
  users: ManagedUser[];
  /** Newest first. */
  auditLog: AuditEntry[];
  settings: Settings;
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)] as T;
}

function makePath(rand: () => number, i: number): string {
  const version = rand() < 0.15 ? 'v2' : 'v1';
  const resource = RESOURCES[i % RESOURCES.length] as string;
  const shape = i % 5;
  if (shape === 0) return `/api/${version}/${resource}`;
  if (shape === 1) return `/api/${version}/${resource}/{id}`;
  if (shape === 2) return `/api/${version}/${resource}/{id}/${pick(rand, SUBRESOURCES)}`;
  if (shape === 3)
    return `/api/${version}/${resource}/{id}/${pick(rand, SUBRESOURCES)}/{${pick(rand, ['itemId', 'uuid', 'token'])}}`;
  return rand() < 0.5 ? `/admin/${resource}/export` : `/internal/${resource}/search`;
}

/** Where each PII type is typically found, the rule that fires and a redacted sample. */
const PII_EVIDENCE: Record<string, { field: string; rule: string; sample: string }> = {
  email: { field: 'customer.email', rule: 'email:rfc5322+domain', sample: 'j•••@example.com' },
  phone: { field: 'contact.phone', rule: 'phone:libphonenumber', sample: '+1 ••• ••• 0132' },
  ssn: { field: 'applicant.ssn', rule: 'ssn:area-group-serial', sample: '•••-••-6789' },
  credit_card: { field: 'payment.card.number', rule: 'credit_card:luhn+iin', sample: '4111 •••• •••• 1111' },
  national_id: { field: 'identity.nationalId', rule: 'national_id:checksum', sample: '••••••••42' },
  dob: { field: 'profile.birthDate', rule: 'dob:calendar-date+name', sample: '19••-••-••' },
  ip_address: { field: 'x-forwarded-for', rule: 'ip_address:public-v4', sample: '203.0.•••.•••' },
  iban: { field: 'payout.iban', rule: 'iban:mod97', sample: 'DE89 •••• •••• •••• 3000' },
  jwt: { field: 'session.token', rule: 'jwt:three-part-base64url', sample: 'eyJhbGciOi…' },
  api_key: { field: 'apiKey', rule: 'field-name:api_key', sample: 'sk_live_…' },
  passport: { field: 'traveller.passportNumber', rule: 'field-name:passport_number', sample: '•••••••89' },
};

const jsonPointer = (method: string, path: string, tail: string) =>
  `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/${tail}`;

/** Evidence for a PII type: traffic for most endpoints (with times), the API description for some. */
function mockPiiFindings(
  n: number,
  method: string,
  path: string,
  types: readonly string[],
  seen: { firstSeen: string; lastSeen: string },
): PiiFinding[] {
  return types.map((type, k) => {
    const known = PII_EVIDENCE[type] ?? { field: type, rule: `${type}:validator`, sample: '••••' };
    const fromSpec = (n + k) % 4 === 3;
    const header = type === 'ip_address';
    const evidence: Evidence[] = fromSpec
      ? [
          {
            side: 'response',
            part: 'body',
            field: known.field,
            pointer: jsonPointer(method, path, 'responses/200'),
            rule: `field-name:${type}`,
          },
        ]
      : [
          {
            side: header ? 'request' : 'response',
            part: header ? 'header' : 'body',
            field: known.field,
            rule: known.rule,
            sample: known.sample,
            ...seen,
          },
          ...(n % 3 === 0 && !header
            ? [
                {
                  side: 'request' as const,
                  part: 'body',
                  field: known.field.split('.').pop()!,
                  rule: `field-name:${type}`,
                  sample: known.sample,
                  ...seen,
                },
              ]
            : []),
        ];
    return { type, count: fromSpec ? 1 : 3 + ((n * 7 + k * 13) % 500), evidence, falsePositive: null };
  });
}

const VULN_EVIDENCE: Record<
  string,
  (method: string, path: string) => Omit<Evidence, 'firstSeen' | 'lastSeen'>
> = {
  'ARGUS-API1-BOLA': (m, p) => ({
    side: 'request',
    part: 'path',
    field: p,
    rule: 'ARGUS-API1-BOLA:id-param-unauthenticated',
    detail: `${m} with an object id answered 200 to 41 requests without credentials`,
  }),
  'ARGUS-API2-NOAUTH': (m) => ({
    side: 'request',
    part: 'auth',
    rule: 'ARGUS-API2-NOAUTH:state-change-without-auth',
    detail: `${m}: 12 requests without credentials; 12 answered 2xx`,
  }),
  'ARGUS-API2-QUERYCRED': () => ({
    side: 'request',
    part: 'query',
    field: 'api_key',
    rule: 'ARGUS-API2-QUERYCRED:credential-in-query',
    sample: 'sk_live_…',
  }),
  'ARGUS-API3-SENSITIVE-RESPONSE': () => ({
    side: 'response',
    part: 'body',
    field: 'customer.ssn',
    rule: 'ARGUS-API3-SENSITIVE-RESPONSE:sensitive-pii; ssn:area-group-serial',
    sample: '•••-••-6789',
  }),
  'ARGUS-API4-NOPAGING': () => ({
    side: 'response',
    part: 'body',
    rule: 'ARGUS-API4-NOPAGING:unbounded-list',
    detail: 'an array of 2,500 items and no limit parameter',
  }),
  'ARGUS-API4-NORATELIMIT': () => ({
    side: 'response',
    part: 'header',
    rule: 'ARGUS-API4-NORATELIMIT:no-ratelimit-headers',
    detail: 'no RateLimit or X-RateLimit-* header in 200 responses',
  }),
  'ARGUS-API5-ADMIN': (m, p) => ({
    side: 'request',
    part: 'path',
    field: p,
    rule: 'ARGUS-API5-ADMIN:admin-path-2xx-unauthenticated',
    detail: `${m} answered 200 without credentials`,
  }),
  'ARGUS-API7-URLPARAM': () => ({
    side: 'request',
    part: 'query',
    field: 'callbackUrl',
    rule: 'ARGUS-API7-URLPARAM:url-valued-parameter',
    sample: 'https://•••.example.net/…',
  }),
};

function mockVulnEvidence(
  vulnId: string,
  method: string,
  path: string,
  seen: { firstSeen: string; lastSeen: string },
): Evidence[] {
  const make =
    VULN_EVIDENCE[vulnId] ??
    (() => ({
      side: 'response' as const,
      part: 'header',
      field: 'strict-transport-security',
      rule: `${vulnId}:missing-header`,
      detail: 'absent from every response seen',
    }));
  return [{ ...make(method, path), ...seen }];
}

/** `count` endpoints over the fixture domains, covering every method, risk band and PII type. */
export function makeEndpoints(count = 240, seed = 7): Endpoint[] {
  const rand = seededRandom(seed);
  const seen = new Set<string>();
  const endpoints: Endpoint[] = [];
  for (let i = 0; endpoints.length < count; i++) {
    const domain = FIXTURE_DOMAINS[i % FIXTURE_DOMAINS.length] as string;
    const method = METHODS[i % METHODS.length] as string;
    let normalizedPath = makePath(rand, Math.floor(i / 3));
    if (i > count * 4) normalizedPath = `${normalizedPath}/x${i}`;
    const key = `${domain} ${method} ${normalizedPath}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const n = endpoints.length;
    // Every band is covered: scores are spread evenly over 0-100 with a little noise.
    const riskScore = Math.max(0, Math.min(100, Math.round(((n * 37) % 101) + (rand() - 0.5) * 4)));
    const piiCount = n % 7 === 0 ? 0 : Math.floor(rand() * 4) + (riskScore > 60 ? 1 : 0);
    const piiTypes = Array.from(
      new Set(
        Array.from({ length: piiCount }, (_, k) => PII_TYPES[(n + k * 3) % PII_TYPES.length] as string),
      ),
    );
    const firstSeenAgo = (5 + Math.floor(rand() * 120)) * DAY;
    const lastSeenAgo = Math.floor(rand() ** 3 * 6 * DAY);
    const vulnCount = riskScore > 80 ? 3 : riskScore > 50 ? 2 : riskScore > 20 ? 1 : 0;
    const times = { firstSeen: iso(firstSeenAgo), lastSeen: iso(lastSeenAgo) };
    const vulnerabilities: Vulnerability[] = Array.from({ length: vulnCount }, (_, k) => {
      const v = VULN_CATALOGUE[(n + k * 4) % VULN_CATALOGUE.length]!;
      return {
        id: `v-${n}-${k}`,
        vulnId: v.vulnId,
        title: v.title,
        description: `${v.title} on ${method} ${normalizedPath}: observed in traffic to ${domain}.`,
        severity: v.severity,
        owaspCategory: v.owasp,
        remediation: v.remediation,
        scanDate: iso(lastSeenAgo + HOUR),
        endpointId: `ep-${n}`,
        endpoint: { method, normalizedPath, domain },
        confidence: k === 0 ? 'high' : 'medium',
        evidence: mockVulnEvidence(v.vulnId, method, normalizedPath, times),
        falsePositive: null,
      };
    });
    endpoints.push({
      id: `ep-${n}`,
      method,
      normalizedPath,
      domain,
      classification: normalizedPath.startsWith('/admin')
        ? 'admin'
        : normalizedPath.startsWith('/internal')
          ? 'internal'
          : pick(rand, CLASSIFICATIONS),
      riskScore,
      piiTypes,
      firstSeen: iso(firstSeenAgo),
      lastSeen: iso(lastSeenAgo),
      lastScanned: n % 9 === 0 ? null : iso(lastSeenAgo + 30 * MIN),
      avgRps: Math.round(rand() ** 2 * 400 * 100) / 100,
      requestCount: Math.floor(rand() * 2_000_000),
      vulnerabilityCount: vulnerabilities.length,
      sources: [pick(rand, ['openapi', 'access_log', 'api_gateway', 'capture'])],
      falsePositive: false,
      owner: n % 5 === 0 ? FIXTURE_USERS[n % FIXTURE_USERS.length]! : null,
      vulnerabilities,
      piiFindings: mockPiiFindings(n, method, normalizedPath, piiTypes, times),
      riskBreakdown: {
        vulnerability: Math.min(1, vulnCount / 3),
        pii: Math.min(1, piiTypes.length / 4),
        traffic: Math.min(1, rand()),
        exposure: rand() < 0.5 ? 1 : 0,
        explanation: [
          `${vulnCount} ${vulnCount === 1 ? 'vulnerability' : 'vulnerabilities'}`,
          piiTypes.length ? `Exposes ${piiTypes.join(', ')}` : 'No personal data seen',
          'Traffic volume scaled logarithmically',
          'Exposure from authentication evidence',
        ],
      },
    });
  }
  return endpoints;
}

export function summarize({
  vulnerabilities: _v,
  riskBreakdown: _r,
  piiFindings: _p,
  ...summary
}: Endpoint): EndpointSummary {
  return summary;
}

/** Run Scan's sample domain as the server lists it after the seven sample requests. */
export function makeSampleDomain(lastUpdated = new Date(FIXTURE_NOW).toISOString()): Domain {
  return {
    id: 'd-sample',
    name: SCAN_SAMPLE_HOST,
    description: null,
    numEndpoints: 7,
    numRiskyEndpoints: 2,
    avgRiskScore: 48,
    publicPct: 100,
    lastUpdated,
    upstreamUrl: null,
  };
}

export function makeDomains(endpoints: Endpoint[]): Domain[] {
  return FIXTURE_DOMAINS.map((name, i) => {
    const own = endpoints.filter((e) => e.domain === name);
    const avg = own.length ? own.reduce((s, e) => s + e.riskScore, 0) / own.length : 0;
    return {
      id: `d-${i + 1}`,
      name,
      description: i % 2 === 0 ? `Production API for ${name.split('.')[1]}` : null,
      numEndpoints: own.length,
      // Spread the high-risk counts over every colour band of the Domain Summary card.
      numRiskyEndpoints: Math.min(own.length, [22, 12, 7, 3, 15, 0][i] ?? 0),
      avgRiskScore: Math.round(avg * 10) / 10,
      publicPct:
        Math.round(
          (own.filter((e) => e.classification === 'public').length / Math.max(1, own.length)) * 1000,
        ) / 10,
      lastUpdated: iso((i + 1) * 5 * HOUR),
      upstreamUrl: null,
    };
  });
}

export function makeActivities(count = 24): Activity[] {
  const severities = ['critical', 'high', 'medium', 'low', 'info'] as const;
  const templates = [
    ['New critical vulnerability', 'Object ID in path without authentication on GET /api/v1/users/{id}'],
    ['PII detected', 'New PII type ssn on POST /api/v1/customers'],
    ['Scan completed', 'Discovered 14 new endpoints'],
    ['Discovery source added', 'Access logs "edge-nginx" synced 1,204 endpoints'],
    ['Alert raised', 'High risk endpoint crossed score 80'],
  ] as const;
  const agos = [30 * 1000, 5 * MIN, 42 * MIN, 3 * HOUR, 9 * HOUR, 2 * DAY, 4 * DAY];
  return Array.from({ length: count }, (_, i) => {
    const [title, description] = templates[i % templates.length]!;
    return {
      id: `act-${i + 1}`,
      title,
      description: i % 4 === 3 ? null : description,
      domainName: i % 3 === 2 ? null : (FIXTURE_DOMAINS[i % FIXTURE_DOMAINS.length] as string),
      severity: severities[i % severities.length]!,
      createdAt: iso((agos[i % agos.length] ?? DAY) + i * MIN),
    };
  });
}

export function makeAlerts(endpoints: Endpoint[], count = 60): Alert[] {
  const statuses = ['open', 'acknowledged', 'resolved', 'suppressed'] as const;
  const triggers = [
    'vulnerability_detected',
    'high_risk_endpoint',
    'pii_exposed',
    'threshold_breach',
  ] as const;
  const severities = ['critical', 'high', 'medium', 'low'] as const;
  return Array.from({ length: count }, (_, i) => {
    const endpoint = endpoints[(i * 7) % endpoints.length]!;
    const triggerType = triggers[i % triggers.length]!;
    const title = {
      vulnerability_detected: `Vulnerability detected on ${endpoint.method} ${endpoint.normalizedPath}`,
      high_risk_endpoint: `High risk endpoint: ${endpoint.normalizedPath}`,
      pii_exposed: `PII exposed by ${endpoint.normalizedPath}`,
      threshold_breach: `Traffic threshold breached on ${endpoint.domain}`,
    }[triggerType];
    const status = statuses[Math.floor(i / 3) % statuses.length]!;
    return {
      id: `al-${i + 1}`,
      title,
      description: `${endpoint.method} ${endpoint.normalizedPath} on ${endpoint.domain} (risk ${endpoint.riskScore}).`,
      severity: severities[i % severities.length]!,
      status,
      triggerType,
      createdAt: iso(i * 3 * HOUR + 10 * MIN),
      updatedAt: iso(i * 3 * HOUR),
      assignedTo: status === 'acknowledged' ? FIXTURE_USERS[1]!.id : null,
      assignedToUsername: status === 'acknowledged' ? FIXTURE_USERS[1]!.username : null,
      ruleId: `rule-${(i % 4) + 1}`,
      endpointId: endpoint.id,
      endpoint: { method: endpoint.method, normalizedPath: endpoint.normalizedPath, domain: endpoint.domain },
      domain: endpoint.domain,
    };
  });
}

export function makeAlertRules(): AlertRule[] {
  return [
    {
      id: 'rule-1',
      name: 'High or critical vulnerability',
      description: 'Any vulnerability of severity high or worse',
      triggerType: 'vulnerability_detected',
      severity: 'high',
      conditions: { minSeverity: 'high' },
      isActive: true,
      builtIn: true,
      createdAt: iso(30 * DAY),
    },
    {
      id: 'rule-2',
      name: 'Endpoint crosses risk 80',
      description: null,
      triggerType: 'high_risk_endpoint',
      severity: 'critical',
      conditions: { minRiskScore: 80 },
      isActive: true,
      builtIn: true,
      createdAt: iso(30 * DAY),
    },
    {
      id: 'rule-3',
      name: 'New PII type on an endpoint',
      description: null,
      triggerType: 'pii_exposed',
      severity: 'medium',
      conditions: { piiTypes: ['ssn', 'credit_card'] },
      isActive: true,
      builtIn: true,
      createdAt: iso(30 * DAY),
    },
    {
      id: 'rule-4',
      name: 'Traffic spike',
      description: 'Average RPS above 500',
      triggerType: 'threshold_breach',
      severity: 'low',
      conditions: { metric: 'avgRps', operator: '>', value: 500 },
      isActive: false,
      builtIn: true,
      createdAt: iso(30 * DAY),
    },
  ];
}

export function makeChannels(): NotificationChannel[] {
  return [
    {
      id: 'ch-1',
      name: 'Security team e-mail',
      type: 'email',
      config: { to: ['secops@example.com'] },
      isActive: true,
      createdAt: iso(20 * DAY),
      lastDelivery: {
        id: 'dl-1',
        alertId: 'al-1',
        status: 'delivered',
        attempts: 1,
        lastError: null,
        createdAt: iso(2 * HOUR),
        deliveredAt: iso(2 * HOUR),
      },
    },
    {
      id: 'ch-2',
      name: '#api-security',
      type: 'slack',
      config: { webhookUrl: 'https://hooks.slack.com/services/••••' },
      isActive: true,
      createdAt: iso(18 * DAY),
      lastDelivery: {
        id: 'dl-2',
        alertId: 'al-2',
        status: 'failed',
        attempts: 5,
        lastError: '503 Service Unavailable',
        createdAt: iso(5 * HOUR),
        deliveredAt: null,
      },
    },
    {
      id: 'ch-3',
      name: 'SIEM webhook',
      type: 'webhook',
      config: { url: 'https://siem.example.com/hooks/argus', secret: '••••' },
      isActive: false,
      createdAt: iso(10 * DAY),
      lastDelivery: null,
    },
  ];
}

export function makeSources(domains: Domain[]): DiscoverySource[] {
  const d = domains[0]?.id ?? 'd-1';
  return [
    {
      id: 'src-1',
      domainId: d,
      type: 'openapi',
      name: 'Payments OpenAPI',
      isActive: true,
      lastSync: iso(3 * HOUR),
      endpointsDiscovered: 42,
      syncStatus: 'ok',
      lastError: null,
      config: { url: 'https://api.acme-payments.com/openapi.json', fileName: null },
    },
    {
      id: 'src-2',
      domainId: d,
      type: 'access_log',
      name: 'Edge nginx logs',
      isActive: true,
      lastSync: iso(DAY),
      endpointsDiscovered: 118,
      syncStatus: 'ok',
      lastError: 'Synced with warnings: 51 of 10000 lines could not be parsed',
      config: {
        format: 'nginx',
        fileName: 'access.log',
        lineCount: 10000,
        rejectedLines: 51,
        rejectedSamples: [
          { line: 8211, reason: 'not an nginx combined log line', text: '\\x16\\x03\\x01\\x02\\x00\\x01' },
          {
            line: 9404,
            reason: 'not an nginx combined log line',
            text: '- - [21/Nov/2026:10:02:11 +0000] "-" 400',
          },
        ],
      },
    },
    {
      id: 'src-3',
      domainId: d,
      type: 'api_gateway',
      name: 'Kong production',
      isActive: false,
      lastSync: null,
      endpointsDiscovered: 0,
      syncStatus: 'failed',
      lastError: 'Kong Admin API answered 401 Unauthorized',
      config: {
        provider: 'kong',
        url: 'https://kong-admin.acme-payments.com',
        apiKey: '••••9f3a',
        region: null,
      },
    },
  ];
}

export function makeFixtures(endpointCount = 240, alertCount = 60): Fixtures {
  const endpoints = makeEndpoints(endpointCount);
  const domains = makeDomains(endpoints);
  return {
    endpoints,
    domains,
    activities: makeActivities(),
    alerts: makeAlerts(endpoints, alertCount),
    alertRules: makeAlertRules(),
    channels: makeChannels(),
    sources: makeSources(domains),
    users: FIXTURE_MANAGED_USERS.map((u) => ({ ...u })),
    auditLog: makeAuditLog(),
    settings: structuredClone(SETTINGS_DEFAULTS) as Settings,
  };
}

export function computeMetrics(endpoints: Endpoint[]): Metrics {
  const avg = endpoints.length ? endpoints.reduce((s, e) => s + e.riskScore, 0) / endpoints.length : 0;
  return {
    totalEndpoints: endpoints.length,
    highRiskEndpoints: endpoints.filter((e) => e.riskScore > HIGH_RISK_THRESHOLD).length,
    piiEndpoints: endpoints.filter((e) => e.piiTypes.length > 0).length,
    avgRiskScore: avg.toFixed(1),
  };
}

export function toPiiEndpoint(e: Endpoint): PiiEndpoint {
  return {
    id: e.id,
    method: e.method,
    normalizedPath: e.normalizedPath,
    domain: e.domain,
    piiTypes: e.piiTypes,
    riskScore: e.riskScore,
    classification: e.classification || null,
    lastScanned: e.lastScanned ?? null,
  };
}
