// Generators for the benchmarks: an Apache combined log with realistic API
// traffic, a large OpenAPI document with shared $refs, and JSON bodies with PII.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { rng } from './synthetic.js';

const RESOURCES = [
  'users',
  'orders',
  'products',
  'invoices',
  'customers',
  'payments',
  'carts',
  'reviews',
  'shipments',
  'accounts',
  'tickets',
  'projects',
];
const SUBS = ['items', 'notes', 'events', 'attachments', 'history', 'comments'];
// User agents and referers as long as a real site's log has them (the review's
// real log: 237 bytes a line on average).
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.207 Safari/537.36 Edg/124.0.2478.97',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.179 Mobile Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  'okhttp/4.12.0',
  'python-requests/2.31.0',
];
const REFERERS = [
  '-',
  'https://app.example.com/dashboard/orders?view=list&sort=created_at',
  'https://www.example.com/',
  'https://app.example.com/settings/account/profile',
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function clf(t: number): string {
  const d = new Date(t);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

/** Write `lines` Apache combined lines of API traffic (ids, UUIDs, sub-resources, queries). Returns distinct templates. */
export async function writeApacheLog(path: string, lines: number, seed = 1): Promise<number> {
  const r = rng(seed);
  const out = createWriteStream(path, { highWaterMark: 1 << 20 });
  let t = Date.UTC(2024, 4, 1);
  const templates = new Set<string>();
  let buf = '';
  for (let i = 0; i < lines; i++) {
    t += Math.floor(r() * 3);
    const res = RESOURCES[Math.floor(r() * RESOURCES.length)] as string;
    const roll = r();
    let path: string;
    let method = 'GET';
    if (roll < 0.25) {
      path = `/api/v1/${res}`;
      if (r() < 0.3) method = 'POST';
      templates.add(`${method} /api/v1/${res}`);
    } else if (roll < 0.7) {
      const id =
        r() < 0.6
          ? String(1 + Math.floor(r() * 5_000_000))
          : `${Math.floor(r() * 0xffffffff)
              .toString(16)
              .padStart(8, '0')}-1b2c-4d3e-8f40-${Math.floor(r() * 0xffffffffffff)
              .toString(16)
              .padStart(12, '0')}`;
      path = `/api/v1/${res}/${id}`;
      const m = r();
      method = m < 0.7 ? 'GET' : m < 0.85 ? 'PUT' : 'DELETE';
      templates.add(`${method} /api/v1/${res}/{}`);
    } else {
      const sub = SUBS[Math.floor(r() * SUBS.length)] as string;
      path = `/api/v2/${res}/${1 + Math.floor(r() * 5_000_000)}/${sub}`;
      templates.add(`GET /api/v2/${res}/{}/${sub}`);
    }
    const query = r() < 0.2 ? `?page=${1 + Math.floor(r() * 20)}&limit=50` : '';
    const status = r() < 0.93 ? 200 : r() < 0.5 ? 404 : 500;
    const ip = `${10 + Math.floor(r() * 200)}.${Math.floor(r() * 255)}.${Math.floor(r() * 255)}.${1 + Math.floor(r() * 254)}`;
    buf += `${ip} - - [${clf(t)}] "${method} ${path}${query} HTTP/1.1" ${status} ${200 + Math.floor(r() * 5000)} "${REFERERS[Math.floor(r() * REFERERS.length)]}" "${AGENTS[Math.floor(r() * AGENTS.length)]}"\n`;
    if (buf.length > 1 << 20) {
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  out.end(buf);
  await once(out, 'finish');
  return templates.size;
}

/** An OpenAPI 3.0 JSON document of about `paths` paths × 8 operations with shared component $refs. */
export function generateSpec(paths: number, seed = 3): string {
  const r = rng(seed);
  const schemas: Record<string, unknown> = {
    Error: {
      type: 'object',
      properties: {
        code: { type: 'integer' },
        message: { type: 'string' },
        details: { type: 'array', items: { $ref: '#/components/schemas/Error' } },
      },
    },
    Address: {
      type: 'object',
      properties: {
        street: { type: 'string' },
        city: { type: 'string' },
        postalCode: { type: 'string' },
        country: { type: 'string' },
      },
    },
    Person: {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        email: { type: 'string', format: 'email' },
        phone: { type: 'string' },
        dateOfBirth: { type: 'string', format: 'date' },
        address: { $ref: '#/components/schemas/Address' },
        manager: { $ref: '#/components/schemas/Person' },
      },
    },
  };
  for (let i = 0; i < 120; i++) {
    const props: Record<string, unknown> = {
      id: { type: 'integer', format: 'int64' },
      owner: { $ref: '#/components/schemas/Person' },
      createdAt: { type: 'string', format: 'date-time' },
    };
    for (let j = 0; j < 25; j++)
      props[`field_${i}_${j}`] = {
        type: 'string',
        description: `Field ${j} of model ${i}: ${'lorem ipsum dolor sit amet '.repeat(2)}`,
        maxLength: 200,
      };
    schemas[`Model${i}`] = { type: 'object', required: ['id'], properties: props };
  }
  const pathsObj: Record<string, unknown> = {};
  const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
  for (let p = 0; p < paths; p++) {
    const model = `Model${Math.floor(r() * 120)}`;
    const ops: Record<string, unknown> = {};
    for (const m of methods) {
      ops[m] = {
        operationId: `${m}Resource${p}`,
        summary: `${m.toUpperCase()} resource ${p}`,
        description: 'Generated operation for the ingest benchmark. '.repeat(24),
        parameters: [
          {
            name: 'resourceId',
            in: 'path',
            required: true,
            description: 'Identifier of the resource. '.repeat(6),
            schema: { type: 'integer' },
          },
          { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 100 } },
        ],
        ...(m === 'post' || m === 'put' || m === 'patch'
          ? {
              requestBody: {
                content: { 'application/json': { schema: { $ref: `#/components/schemas/${model}` } } },
              },
            }
          : {}),
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${model}` } } },
          },
          default: {
            description: 'Error',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
        security: [{ bearer: [] }],
      };
    }
    pathsObj[`/v1/group${p % 17}/resource${p}/{resourceId}`] = ops;
  }
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Generated benchmark API', version: '1.0.0' },
    servers: [{ url: 'https://api.bench.example' }],
    paths: pathsObj,
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  });
}

/** JSON bodies like an API returns: users, orders, events; some carry PII. */
export function generateBodies(count: number, seed = 5): string[] {
  const r = rng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const items = Array.from({ length: 5 + Math.floor(r() * 10) }, (_, k) => ({
      id: 1_000_000 + Math.floor(r() * 9_000_000),
      sku: `SKU-${Math.floor(r() * 99999)}`,
      title: `Item ${k} with a longer descriptive title for realism`,
      price: Math.round(r() * 10000) / 100,
      createdAt: 1_700_000_000_000 + Math.floor(r() * 1e10),
      updated_at: '2024-05-01T12:00:00Z',
      tags: ['blue', 'sale', 'v2.3.1'],
    }));
    const body: Record<string, unknown> = {
      requestId: `req_${Math.floor(r() * 1e12).toString(36)}`,
      page: 1,
      items,
    };
    if (r() < 0.3)
      body['customer'] = {
        email: `user${i}@example.com`,
        phone: '+1 415 555 0132',
        name: 'Jane Roe',
        dateOfBirth: '1984-07-12',
      };
    if (r() < 0.05) body['payment'] = { card_number: '4111 1111 1111 1111', ssn: '078-05-1123' };
    out.push(JSON.stringify(body));
  }
  return out;
}
