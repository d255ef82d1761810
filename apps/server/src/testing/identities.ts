// Test identities at rest and on the wire: the secret (token, header value,
// cookie value or login body) is sealed with the server's secret box, answered
// only as a token's last four characters (nothing of a login body), and bound to the test base URL it was
// entered for: pointing the tests elsewhere asks for every secret again, so a
// changed base URL never carries stored credentials to a new destination.
import { secretHintOf, type TestIdentity, type TestIdentityInput } from '@argus/api';
import type { Identity } from '@argus/engine';
import type { SecretBox } from '../secrets.js';
import type { testIdentities } from '../db/schema/index.js';

type IdentityRow = typeof testIdentities.$inferSelect;

export function toTestIdentity(row: IdentityRow, baseUrl: string | null): TestIdentity {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    role: row.role,
    values: row.values,
    headerName: row.kind === 'header' ? row.headerName : null,
    cookieName: row.kind === 'cookie' ? row.cookieName : null,
    login: row.kind === 'login' ? row.login : null,
    secretHint: row.secretSealed ? secretHintOf(row.kind, row.secretHint) : null,
    needsSecret: !usableSecret(row, baseUrl),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A stored secret is usable only for the base URL it was entered for. */
export function usableSecret(row: IdentityRow, baseUrl: string | null): boolean {
  return row.secretSealed !== null && baseUrl !== null && row.secretBaseUrl === baseUrl;
}

/** The columns an input sets; the secret only when one was entered. */
export function identityColumns(
  input: TestIdentityInput,
  secrets: SecretBox,
  baseUrl: string | null,
): Partial<typeof testIdentities.$inferInsert> {
  const columns: Partial<typeof testIdentities.$inferInsert> = {
    name: input.name,
    kind: input.kind,
    role: input.role ?? 'user',
    values: input.values ?? {},
    headerName: input.kind === 'header' ? (input.headerName ?? null) : null,
    cookieName: input.kind === 'cookie' ? (input.cookieName ?? null) : null,
    login: input.kind === 'login' ? (input.login ?? null) : null,
    updatedAt: new Date(),
  };
  if (input.secret) {
    columns.secretSealed = secrets.seal(input.secret);
    // nothing of a login body is kept in the clear: its last characters are the password's
    columns.secretHint = input.kind === 'login' ? null : input.secret.slice(-4);
    columns.secretBaseUrl = baseUrl;
  }
  return columns;
}

/** The engine's identity, with the secret opened; null when no usable secret is stored. */
export function engineIdentity(row: IdentityRow, secrets: SecretBox, baseUrl: string): Identity | null {
  if (!usableSecret(row, baseUrl) || !row.secretSealed) return null;
  const secret = secrets.open(row.secretSealed);
  const base = { name: row.name, role: row.role, values: row.values };
  switch (row.kind) {
    case 'bearer':
      return { ...base, auth: { kind: 'bearer', token: secret.replace(/^Bearer\s+/i, '') } };
    case 'header':
      return { ...base, auth: { kind: 'header', name: row.headerName ?? 'Authorization', value: secret } };
    case 'cookie':
      return { ...base, auth: { kind: 'cookie', name: row.cookieName ?? 'session', value: secret } };
    case 'login': {
      const login = row.login;
      if (!login) return null;
      const use =
        login.sendAs === 'bearer'
          ? ({ as: 'bearer' } as const)
          : { as: login.sendAs, name: login.sendName ?? 'Authorization' };
      return {
        ...base,
        auth: {
          kind: 'login',
          request: {
            method: login.method,
            path: login.path,
            headers: { 'content-type': 'application/json' },
            body: JSON.parse(secret) as unknown,
          },
          token: { from: login.tokenFrom, path: login.tokenPath },
          use,
        },
      };
    }
  }
}
