// Redaction of a run's secrets: every spelling of a token or password that can
// reach a recorded URL, header or body is replaced by its placeholder.
import { describe, expect, it } from 'vitest';
import { RunSecrets } from '../src/active/secrets.js';

const TOKEN = 'tokA+lice/Secret==';
const PASSWORD = 'p@ss wörd"1\\';

function secrets(): RunSecrets {
  const s = new RunSecrets();
  s.add(TOKEN, '$ARGUS_ALICE_TOKEN');
  s.add(PASSWORD, '$ARGUS_BOB_PASSWORD');
  return s;
}

const b64 = (s: string, url = false) => Buffer.from(s).toString(url ? 'base64url' : 'base64');

describe('run secrets', () => {
  // what is left of a base64 spelling: its neighbours' characters and the few it shares with them
  const spelled: [string, string, number?][] = [
    ['raw', TOKEN],
    ['encodeURIComponent', encodeURIComponent(TOKEN)],
    ['lower-case hex', encodeURIComponent(TOKEN).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())],
    ['encodeURI (slash kept)', 'tokA%2Blice/Secret%3D%3D'],
    ['form encoding', new URLSearchParams({ t: TOKEN }).toString().slice(2)],
    ['twice encoded', encodeURIComponent(encodeURIComponent(TOKEN))],
    ['JSON-escaped', JSON.stringify(TOKEN).slice(1, -1).replace('/', '\\/')],
    ['\\u escapes', [...TOKEN].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')],
    ['+ decoded as a space', TOKEN.replace('+', ' ')],
    ['base64', b64(TOKEN)],
    ['base64url', b64(TOKEN, true)],
    ['base64 of user:token (Basic)', b64(`alice:${TOKEN}`), b64('alice:').length + 4],
    ['base64 at offset 2', b64(`ab${TOKEN}`), 8],
    ['base64 percent-encoded', encodeURIComponent(b64(`x${TOKEN}`)), 8],
    ['base64url at offset 1', b64(`x${TOKEN}`, true), 8],
  ];
  it.each(spelled)('redacts the token spelled %s', (_how, text, left = 4) => {
    const out = secrets().redact(`before ${text} after`);
    expect(out).toMatch(/^before .*\$ARGUS_ALICE_TOKEN.* after$/);
    expect(out).not.toContain('lice');
    const rest = decodeURIComponent(out.replace(/^before |\$ARGUS_ALICE_TOKEN| after$/g, ''));
    expect(rest.length).toBeLessThanOrEqual(left);
  });

  it.each([
    ['raw', PASSWORD],
    ['JSON-escaped', JSON.stringify(PASSWORD).slice(1, -1)],
    ['JSON-escaped twice', JSON.stringify(JSON.stringify(PASSWORD)).slice(1, -1)],
    ['form encoding', new URLSearchParams({ p: PASSWORD }).toString().slice(2)],
    ['encodeURIComponent', encodeURIComponent(PASSWORD)],
    ['base64', b64(PASSWORD)],
  ])('redacts a password with spaces, quotes and non-ASCII letters spelled %s', (_how, text) => {
    expect(secrets().redact(`{"echo":"${text}"}`)).toMatch(
      /^\{"echo":"(\\"|\S{0,4})\$ARGUS_BOB_PASSWORD(\\"|\S{0,4})"\}$/,
    );
  });

  it('leaves text without a secret alone', () => {
    const text = 'tokA lice Secret tokA+lice/Secre= %2Blice';
    expect(secrets().redact(text)).toBe(text);
  });

  it('records a login body with every value but its names replaced, and takes them as secrets', () => {
    const s = new RunSecrets();
    const recorded = s.loginBody('bob', {
      username: 'bob',
      password: 'hunter2-long',
      credentials: { code: '12', device: 'phone-key-9' },
    });
    expect(recorded).toEqual({
      username: 'bob',
      password: '$ARGUS_BOB_PASSWORD',
      credentials: { code: '$ARGUS_BOB_CODE', device: '$ARGUS_BOB_DEVICE' },
    });
    expect(s.redact('echo hunter2-long phone-key-9')).toBe('echo $ARGUS_BOB_PASSWORD $ARGUS_BOB_DEVICE');
    expect(s.loginBody('carol', 'user=carol&pin=1234')).toBe('user=carol&pin=$ARGUS_CAROL_PIN');
    expect(s.loginBody('dave', '<login secret="x"/>')).toBe('$ARGUS_DAVE_LOGIN_BODY');
  });
});
