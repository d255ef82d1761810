// Redacted samples for evidence: enough shape for a person to recognise what was
// found (`4111 •••• •••• 1111`, `j•••@example.com`), never the value itself.
import type { PiiType } from '../types.js';

const DOT = '•';

/** Replace letters and digits with dots, keeping separators; `keepEnd` characters stay at the end. */
function mask(value: string, keepEnd = 0, keepStart = 0): string {
  let alnum = 0;
  for (const ch of value) if (/[\p{L}\p{N}]/u.test(ch)) alnum++;
  // Short values would be readable from what is kept: mask them whole.
  const keep = alnum > (keepStart + keepEnd) * 2;
  let seen = 0;
  let out = '';
  for (const ch of value) {
    if (/[\p{L}\p{N}]/u.test(ch)) {
      seen++;
      out += keep && (seen <= keepStart || seen > alnum - keepEnd) ? ch : DOT;
    } else out += ch;
  }
  return out;
}

/** A redacted sample of a detected value, for evidence. Secrets keep nothing but their prefix. */
export function redactSample(type: PiiType, value: string): string {
  const v = value.length > 64 ? value.slice(0, 64) : value;
  switch (type) {
    case 'credit_card': {
      const digits = v.replace(/\D/g, '');
      const middle = Math.max(0, digits.length - 8);
      const groups = DOT.repeat(middle).match(/.{1,4}/g) ?? [];
      return [digits.slice(0, 4), ...groups, digits.slice(-4)].join(' ');
    }
    case 'email': {
      const at = v.lastIndexOf('@');
      if (at <= 0) return mask(v);
      return `${v[0]}${DOT.repeat(3)}@${v.slice(at + 1)}`;
    }
    case 'ssn':
    case 'national_id':
    case 'passport':
    case 'driver_license':
    case 'iban':
    case 'bank_account':
    case 'phone':
      return mask(v, 4);
    case 'jwt':
      return `eyJ${DOT.repeat(8)}`;
    case 'api_key': {
      const prefix = /^(?:(?:sk|pk|rk)_(?:live|test)_|AKIA|gh[pousr]_|xox[abprs]-|AIza|glpat-)/.exec(v)?.[0];
      return `${prefix ?? ''}${DOT.repeat(8)}`;
    }
    case 'password':
      return DOT.repeat(8);
    case 'ip_address':
      return v.includes(':') ? mask(v, 0, 4) : v.replace(/\.\d+\.\d+$/, `.${DOT}.${DOT}`);
    case 'name':
    case 'address':
      return mask(v, 0, 1);
    case 'dob':
      return mask(v);
    default:
      return mask(v);
  }
}
