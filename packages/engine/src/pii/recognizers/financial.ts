// Bank and card numbers: IBAN (mod 97) and cards (issuer ranges + Luhn, card-networks.ts).
import { isCardNumber } from '../card-networks.js';
import { isIban } from '../validators.js';
import { CARD_CONTEXT } from './context-words.js';
import { hasDigitRun, type Recognizer } from './recognizer.js';

export const iban: Recognizer = {
  name: 'iban',
  type: 'iban',
  tier: 1,
  pre: hasDigitRun(2),
  pattern: /\b[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]{4}){2,7}(?:[ -]?[A-Z0-9]{1,4})?\b/g,
  validate: isIban,
  shrink: (m) => m.replace(/[ -]?[A-Z0-9]{1,4}$/, ''),
};

export const creditCard: Recognizer = {
  name: 'credit_card',
  type: 'credit_card',
  tier: 1,
  numeric: true,
  pre: hasDigitRun(12),
  pattern:
    /(?<![\w+-])(?:\d{4}([ -])\d{4}\1\d{4}\1\d{1,4}(?:\1\d{1,3})?|\d{4}([ -])\d{6}\2\d{4,5}|\d{12,19})(?![\w-])/g,
  validate: isCardNumber,
  // A bare run of digits (a cache buster, an order number) is a card only where cards are talked about.
  needsContext: (m) => /^\d+$/.test(m),
  contextWords: CARD_CONTEXT,
};
