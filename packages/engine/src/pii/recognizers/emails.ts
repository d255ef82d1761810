// E-mail addresses, found around each '@' (linear: no backtracking regex over long text).
import type { PiiMatch } from './recognizer.js';

/** Find the e-mail addresses around each '@' (linear: no backtracking regex over long text). */
export function findEmails(text: string, out: PiiMatch[]): void {
  const LOCAL = /[A-Za-z0-9._%+-]/;
  const DOMAIN = /[A-Za-z0-9.-]/;
  let at = text.indexOf('@');
  while (at >= 0) {
    let s = at;
    while (s > 0 && at - s < 64 && LOCAL.test(text[s - 1] as string)) s--;
    let e = at + 1;
    while (e < text.length && e - at < 254 && DOMAIN.test(text[e] as string)) e++;
    while (e > at + 1 && (text[e - 1] === '.' || text[e - 1] === '-')) e--;
    const local = text.slice(s, at);
    const domain = text.slice(at + 1, e);
    if (
      local.length > 0 &&
      !local.startsWith('.') &&
      /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{2,59})$/.test(
        domain,
      )
    ) {
      out.push({ type: 'email', start: s, end: e, value: text.slice(s, e), recognizer: 'email' });
    }
    at = text.indexOf('@', at + 1);
  }
}
