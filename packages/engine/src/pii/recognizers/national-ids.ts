// National identifiers by country: each a pattern, its checksum and, for bare digits, context words.
import {
  isAadhaar,
  isAuTfn,
  isItalianFiscalCode,
  isItin,
  isNhsNumber,
  isNino,
  isPesel,
  isSpanishNif,
  isSsn,
} from '../validators.js';
import { NATIONAL_ID_CONTEXT, SSN_CONTEXT } from './context-words.js';
import { contextBefore, hasDigitRun, type Recognizer } from './recognizer.js';

export const usSsn: Recognizer = {
  name: 'us_ssn',
  type: 'ssn',
  tier: 2,
  numeric: true,
  pre: hasDigitRun(9),
  pattern: /(?<![\w-])(?<!(?<!\d)\d{1,3}[ .-])\d{3}[- .]?\d{2}[- .]?\d{4}(?![\w-]|\.\d)/g,
  validate: (m) => isSsn(m) && !isItin(m),
  // A bare nine-digit run, or one split like a ZIP+4 code (`02991-8881`), is an SSN only
  // next to SSN words (`__utmc=145418720` is a cookie).
  needsContext: (m) => /^\d+$/.test(m) || !/^\d{3}([- .])\d{2}\1\d{4}$/.test(m),
  contextWords: SSN_CONTEXT,
};

export const usItin: Recognizer = {
  name: 'us_itin',
  type: 'national_id',
  tier: 2,
  numeric: true,
  pre: hasDigitRun(9),
  pattern: /(?<![\w-])(?<!(?<!\d)\d{1,3}[ .-])9\d{2}[- ]?\d{2}[- ]?\d{4}(?![\w-])/g,
  validate: (m) => isItin(m) && new Set(m.replace(/\d/g, '')).size <= 1,
  // Digits alone are an order number, a timestamp or an id unless the words around say otherwise.
  needsContext: () => true,
  contextWords: NATIONAL_ID_CONTEXT,
};

export const ukNhs: Recognizer = {
  name: 'uk_nhs',
  type: 'national_id',
  tier: 2,
  numeric: true,
  pre: hasDigitRun(10),
  pattern: /(?<![\w-])(?<!(?<!\d)\d{1,3}[ .-])\d{3}([- ]?)\d{3}\1\d{4}(?![\w-])/g,
  validate: isNhsNumber,
  // Digits alone are an order number, a timestamp or an id unless the words around say otherwise.
  needsContext: () => true,
  contextWords: NATIONAL_ID_CONTEXT,
};

export const inAadhaar: Recognizer = {
  name: 'in_aadhaar',
  type: 'national_id',
  tier: 2,
  numeric: true,
  pre: hasDigitRun(12),
  pattern: /(?<![\w:-])(?<!(?<!\d)\d{1,3}[ .-])[2-9]\d{3}([ :-]?)\d{4}\1\d{4}(?![\w:-])/g,
  validate: isAadhaar,
  // Digits alone are an order number, a timestamp or an id unless the words around say otherwise.
  needsContext: () => true,
  contextWords: NATIONAL_ID_CONTEXT,
};

export const plPesel: Recognizer = {
  name: 'pl_pesel',
  type: 'national_id',
  tier: 2,
  numeric: true,
  pre: hasDigitRun(11),
  pattern: /(?<![\w-])(?<!(?<!\d)\d{1,3}[ .-])\d{11}(?![\w-])/g,
  validate: isPesel,
  // Digits alone are an order number, a timestamp or an id unless the words around say otherwise.
  needsContext: () => true,
  contextWords: NATIONAL_ID_CONTEXT,
};

export const auTfn: Recognizer = {
  name: 'au_tfn',
  type: 'national_id',
  tier: 2,
  numeric: true,
  pre: hasDigitRun(9),
  pattern: /(?<![\w-])(?<!(?<!\d)\d{1,3}[ .-])\d{3}( ?)\d{3}\1\d{3}(?![\w-])/g,
  validate: isAuTfn,
  // Digits alone are an order number, a timestamp or an id unless the words around say otherwise.
  needsContext: () => true,
  contextWords: NATIONAL_ID_CONTEXT,
};

export const esNif: Recognizer = {
  name: 'es_nif',
  type: 'national_id',
  tier: 2,
  numeric: true,
  pre: hasDigitRun(7),
  pattern: /(?<![\w-])(?<!(?<!\d)\d{1,3}[ .-])[XYZ]?\d{7,8}-?[A-Za-z](?![\w-])/g,
  validate: isSpanishNif,
};

export const itFiscalCode: Recognizer = {
  name: 'it_fiscal_code',
  type: 'national_id',
  pre: hasDigitRun(3),
  tier: 2,
  pattern: /\b[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]\b/g,
  validate: isItalianFiscalCode,
};

export const ukNino: Recognizer = {
  name: 'uk_nino',
  type: 'national_id',
  pre: hasDigitRun(6),
  tier: 2,
  pattern: /\b[A-Za-z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-Da-d]\b/g,
  validate: isNino,
};

export const inPan: Recognizer = {
  name: 'in_pan',
  type: 'national_id',
  pre: hasDigitRun(4),
  tier: 2,
  pattern: /\b[A-Z]{5}\d{4}[A-Z]\b/g,
  validate: () => true,
};

export const usPassport: Recognizer = {
  name: 'us_passport',
  type: 'passport',
  pre: hasDigitRun(8),
  tier: 2,
  pattern: /\b[A-Z]?\d{8,9}\b/g,
  validate: (m, text, start) => contextBefore(text, start, /(passport|travel document)[^.\n]{0,30}$/i),
};
