// The registry of value recognisers, in the order they run. Each is a small unit
// (patterns, a validator, context words) in the file of its kind; detect.ts runs them.
import { dateIso, dateNamed, dateNumeric } from './dates.js';
import { creditCard, iban } from './financial.js';
import {
  auTfn,
  esNif,
  inAadhaar,
  inPan,
  itFiscalCode,
  plPesel,
  ukNhs,
  ukNino,
  usItin,
  usPassport,
  usSsn,
} from './national-ids.js';
import { ipv4, ipv6 } from './network.js';
import { phone } from './phones.js';
import type { Recognizer } from './recognizer.js';
import { apiKey, jwt } from './tokens.js';

export const RECOGNIZERS: readonly Recognizer[] = [
  jwt,
  apiKey,
  iban,
  creditCard,
  ipv4,
  ipv6,
  usSsn,
  usItin,
  ukNhs,
  inAadhaar,
  plPesel,
  auTfn,
  esNif,
  itFiscalCode,
  ukNino,
  inPan,
  usPassport,
  dateIso,
  dateNumeric,
  dateNamed,
  phone,
];

/** The names of the registered recognisers, in order (for documentation and tests). */
export const recognizerNames = (): string[] => RECOGNIZERS.map((r) => r.name);
