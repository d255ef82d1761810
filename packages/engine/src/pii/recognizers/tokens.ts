// Credentials recognised by their shape: JWTs and the common API key prefixes.
import { isJwt } from '../validators.js';
import { has, type Recognizer } from './recognizer.js';

export const KEY_PREFIX = /sk_|pk_|rk_|AKIA|gh[pousr]_|xox[abprs]-|AIza|glpat-/;

export const jwt: Recognizer = {
  name: 'jwt',
  type: 'jwt',
  tier: 0,
  pre: has('eyJ'),
  pattern: /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g,
  validate: isJwt,
};

export const apiKey: Recognizer = {
  name: 'api_key',
  type: 'api_key',
  pre: (t) => KEY_PREFIX.test(t),
  tier: 0,
  pattern:
    /\b(?:(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{36}|xox[abprs]-[A-Za-z0-9-]{10,}|AIza[0-9A-Za-z_-]{35}|glpat-[A-Za-z0-9_-]{20})\b/g,
  validate: () => true,
};
