// Real-world route shapes the OpenAPI directory lacks, written as small APIs: dash-style and
// RPC-style routes, Rails and Django conventions, GraphQL, locale prefixes, dated and numbered
// versions, tenant prefixes, and many collections under one version.
import type { ApiSample, Operation, ParamInfo } from './operations.js';

const op = (spec: string, params: Record<string, ParamInfo> = {}): Operation => {
  const [method, template] = spec.split(' ') as [string, string];
  return { method, template, params };
};
const id: ParamInfo = { type: 'string' };
const int: ParamInfo = { type: 'integer' };

function sample(name: string, operations: Operation[]): ApiSample {
  return { name: `shape:${name}`, provider: `shape:${name}`, operations };
}

/** `/v1-list-all-tasks/{id}`: one dash-joined route per operation, as the nginx log in issue 14. */
const dashStyle = sample('dash-style', [
  ...[
    'me',
    'list-workspaces',
    'list-projects',
    'list-tags',
    'get-settings',
    'list-timezones',
    'google-login',
    'apple-login',
    'refresh-token',
    'complete-pomodoro',
    'start-pomodoro',
    'list-notifications',
    'upsert-timezones',
    'export-data',
  ].map((r) => op(`${r.startsWith('list') || r === 'me' || r.startsWith('get') ? 'GET' : 'POST'} /v1-${r}`)),
  ...['list-all-tasks', 'get-task', 'list-subtasks', 'get-project', 'list-members'].map((r) =>
    op(`GET /v1-${r}/{taskListId}`, { taskListId: id }),
  ),
  ...['upsert-task', 'delete-task', 'archive-project', 'invite-member'].map((r) =>
    op(`POST /v1-${r}/{taskId}`, { taskId: id }),
  ),
]);

/** `/api/getUserById`: camelCase procedure names under one prefix. */
const rpcStyle = sample('rpc-style', [
  ...[
    'getUserById',
    'listUsers',
    'createUser',
    'updateUser',
    'deleteUser',
    'getOrder',
    'listOrders',
    'createOrder',
    'cancelOrder',
    'refundOrder',
    'getInvoice',
    'listInvoices',
    'sendInvoice',
    'getProfile',
    'updateProfile',
    'searchProducts',
    'getProduct',
    'listCategories',
    'getCart',
    'addToCart',
    'removeFromCart',
    'checkout',
    'getShippingRates',
    'trackShipment',
    'listAddresses',
    'addAddress',
    'verifyEmail',
    'resetPassword',
    'changePassword',
    'getStats',
  ].map((m) => op(`POST /api/${m}`)),
  op('GET /api/getUser/{userId}', { userId: int }),
]);

/** Rails conventions: `new`, `edit`, nested resources, `sign_in`. */
const rails = sample('rails', [
  op('GET /users'),
  op('GET /users/new'),
  op('POST /users'),
  op('GET /users/{id}', { id: int }),
  op('GET /users/{id}/edit', { id: int }),
  op('PATCH /users/{id}', { id: int }),
  op('DELETE /users/{id}', { id: int }),
  op('GET /users/sign_in'),
  op('POST /users/sign_in'),
  op('DELETE /users/sign_out'),
  op('GET /users/password/new'),
  op('GET /users/{user_id}/posts', { user_id: int }),
  op('GET /users/{user_id}/posts/{id}', { user_id: int, id: int }),
  op('GET /users/{user_id}/posts/{id}/edit', { user_id: int, id: int }),
  op('GET /articles/{slug}', { slug: { type: 'string' } }),
  op('GET /articles/{slug}/comments', { slug: { type: 'string' } }),
  op('GET /admin/orders'),
  op('GET /admin/orders/{id}', { id: int }),
  op('POST /admin/orders/{id}/ship', { id: int }),
  op('GET /password_resets/new'),
  op('GET /line_items'),
  op('GET /line_items/{id}', { id: int }),
]);

/** Django conventions: trailing slashes, slugs, `results`, `accounts/login`. */
const django = sample('django', [
  op('GET /accounts/login/'),
  op('GET /accounts/logout/'),
  op('GET /accounts/password_change/'),
  op('GET /polls/'),
  op('GET /polls/{question_id}/', { question_id: int }),
  op('GET /polls/{question_id}/results/', { question_id: int }),
  op('POST /polls/{question_id}/vote/', { question_id: int }),
  op('GET /api/v1/articles/'),
  op('GET /api/v1/articles/{slug}/', { slug: { type: 'string' } }),
  op('GET /api/v1/articles/{slug}/comments/', { slug: { type: 'string' } }),
  op('GET /api/v1/authors/{pk}/', { pk: int }),
  op('GET /admin/auth/user/'),
  op('GET /admin/auth/user/{object_id}/change/', { object_id: int }),
]);

/** GraphQL: one endpoint, whatever the operation. */
const graphql = sample('graphql', [op('POST /graphql'), op('GET /graphql'), op('POST /api/graphql')]);

/** Locale prefixes: `/en-us/products/{id}`. */
const locale: ParamInfo = { type: 'string' };
const locales = sample('locale-prefix', [
  op('GET /{locale}/products', { locale }),
  op('GET /{locale}/products/{productId}', { locale, productId: int }),
  op('GET /{locale}/products/{productId}/reviews', { locale, productId: int }),
  op('GET /{locale}/cart', { locale }),
  op('GET /{locale}/checkout', { locale }),
  op('GET /{locale}/help/{article}', { locale, article: { type: 'string' } }),
]);

/** Versions: numbered and dated, recognised by the set of values, not one position. */
const versions = sample('versions', [
  ...['v1', 'v2', 'v3'].flatMap((v) => [
    op(`GET /${v}/orders`),
    op(`GET /${v}/orders/{orderId}`, { orderId: id }),
    op(`GET /${v}/customers/{customerId}`, { customerId: id }),
  ]),
  ...['2023-10-16', '2024-01-01', '2024-06-20'].flatMap((v) => [
    op(`GET /api/${v}/charges`),
    op(`GET /api/${v}/charges/{charge}`, { charge: id }),
  ]),
  ...['1', '2', '3'].map((v) => op(`GET /rest/api/${v}/issue/{issueIdOrKey}`, { issueIdOrKey: id })),
]);

/** Tenant prefixes: `/t/{tenant}/…` and a bare `/{tenant}/api/…`. */
const tenant: ParamInfo = { type: 'string' };
const tenants = sample('tenant-prefix', [
  op('GET /t/{tenant}/api/orders', { tenant }),
  op('GET /t/{tenant}/api/orders/{orderId}', { tenant, orderId: int }),
  op('POST /t/{tenant}/api/orders', { tenant }),
  op('GET /t/{tenant}/api/users', { tenant }),
  op('GET /t/{tenant}/api/users/{userId}', { tenant, userId: id }),
  op('GET /t/{tenant}/api/settings', { tenant }),
  op('GET /t/{tenant}/api/reports/monthly', { tenant }),
]);

/** Eighty collections under `/v1` (the shape a payments API has): each name stays literal. */
const COLLECTIONS =
  'accounts application_fees balance balance_transactions charges checkout_sessions countries coupons credit_notes customers disputes events exchange_rates files file_links invoices invoiceitems issuing_authorizations issuing_cards issuing_cardholders issuing_disputes issuing_transactions mandates payment_intents payment_links payment_methods payouts plans prices products promotion_codes quotes radar_early_fraud_warnings radar_value_lists refunds reporting_report_runs reviews setup_attempts setup_intents shipping_rates sigma_scheduled_query_runs sources subscription_items subscription_schedules subscriptions tax_codes tax_rates terminal_configurations terminal_locations terminal_readers test_clocks tokens topups transfers webhook_endpoints apps_secrets billing_portal_configurations climate_orders climate_products financial_connections_accounts identity_verification_reports identity_verification_sessions treasury_financial_accounts treasury_inbound_transfers treasury_outbound_payments treasury_received_credits forwarding_requests entitlements_features tax_registrations tax_transactions customer_sessions account_sessions confirmation_tokens billing_meters billing_alerts'.split(
    ' ',
  );
const collections = sample('many-collections', [
  ...COLLECTIONS.map((c) => op(`GET /v1/${c}`)),
  ...COLLECTIONS.slice(0, 50).map((c) =>
    op(`GET /v1/${c}/{${c.replace(/s$/, '')}}`, { [c.replace(/s$/, '')]: id }),
  ),
  op('POST /v1/charges/{charge}/refunds', { charge: id }),
  op('GET /v1/customers/{customer}/sources/{id}', { customer: id, id }),
]);

export const SHAPES: readonly ApiSample[] = [
  dashStyle,
  rpcStyle,
  rails,
  django,
  graphql,
  locales,
  versions,
  tenants,
  collections,
];
