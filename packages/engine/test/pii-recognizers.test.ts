import { describe, expect, it } from 'vitest';
import { CARD_NETWORKS, cardNetwork, detectPii, recognizerNames } from '../src/index.js';
import { isCardNumber } from '../src/pii/card-networks.js';
import { luhn } from '../src/pii/validators.js';
import { readLabelledSet, scoreLabelled } from '../eval/labelled-pii.js';

/** The Luhn check digit that completes `body`. */
function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhn(body + d)) return body + d;
  throw new Error('unreachable');
}
/** A Luhn-valid number of `length` digits starting with `prefix` (filler digits vary by position). */
const card = (prefix: string, length: number) =>
  withCheckDigit((prefix + '739184052617394820561').slice(0, length - 1));
const found = (text: string) => detectPii(text).map((m) => [m.type, m.value]);

describe('card networks', () => {
  it('recognises every network at the low and high ends of its ranges and lengths', () => {
    for (const n of CARD_NETWORKS)
      for (const [low, high] of n.prefixes)
        for (const length of [Math.min(...n.lengths), Math.max(...n.lengths)])
          for (const prefix of [low, high]) {
            const number = card(prefix, length);
            expect(isCardNumber(number), `${n.name} ${number}`).toBe(true);
          }
  });

  it('names the network of the cards reviewers meet', () => {
    expect(cardNetwork('3598899323053410')).toBe('jcb');
    expect(cardNetwork('213176828496175')).toBe('jcb15');
    expect(cardNetwork(card('2200', 16))).toBe('mir');
    expect(cardNetwork(card('2720', 16))).toBe('mastercard');
    expect(cardNetwork(card('6221', 16))).toBe('discover');
    expect(cardNetwork(card('6282', 19))).toBe('unionpay');
    expect(cardNetwork(card('6761', 12))).toBe('maestro');
    expect(cardNetwork(card('3095', 14))).toBe('diners');
  });

  it('rejects a wrong length for the issuer, a failed Luhn and repeated digits', () => {
    expect(isCardNumber(card('34', 16))).toBe(false); // Amex is 15 digits
    expect(isCardNumber(card('51', 15))).toBe(false); // Mastercard is 16
    expect(isCardNumber(card('9', 16))).toBe(false); // no issuer starts with 9 (Troy is 9792)
    const good = card('4', 16);
    const bad = good.slice(0, -1) + String((Number(good.at(-1)) + 1) % 10);
    expect(isCardNumber(bad)).toBe(false);
    expect(isCardNumber('4444444444444444')).toBe(false);
  });

  it('finds the cards in text next to card words, a bare digit run elsewhere is no card', () => {
    expect(found('Use this card number 213182857852098 to pay')).toEqual([
      ['credit_card', '213182857852098'],
    ]);
    expect(found('my card 3598899323053410')).toEqual([['credit_card', '3598899323053410']]);
    expect(found('Transaction 3598899323053410 settled')).toEqual([]);
  });
});

describe('phone recogniser', () => {
  it('finds national and international formats of many regions', () => {
    for (const number of [
      '03.93.92.16.85',
      '+447700 208 815',
      '+46 (0)179 459 33',
      '(21) 8228-5412',
      '0664 350 84 34',
      '09122 12 60 01',
    ])
      expect(found(`Call me on ${number} tomorrow`), number).toEqual([['phone', number]]);
  });

  it('takes a short local number only right after phone words', () => {
    expect(found('My phone number is 68 58 82')).toEqual([['phone', '68 58 82']]);
    expect(found('Room 68 58 82 is free')).toEqual([]);
  });

  it('does not read identity documents, accounts or SSN-shaped numbers as phones', () => {
    expect(found('driver license number D245-938-19-203 on file')).toEqual([]);
    expect(found("his Aadhar number '98765400000071', passport")).toEqual([]);
    expect(found('SSN 937-42-6810 was leaked')).toEqual([]);
    expect(found('Release 1.2.3.4 is out, version 10.0.8432.1')).toEqual([['ip_address', '1.2.3.4']]);
  });
});

describe('recogniser registry', () => {
  it('runs each recogniser once, structured tokens first and phones last', () => {
    const names = recognizerNames();
    expect(new Set(names).size).toBe(names.length);
    expect(names[0]).toBe('jwt');
    expect(names.at(-1)).toBe('phone');
    expect(names).toEqual(expect.arrayContaining(['credit_card', 'us_ssn', 'iban', 'uk_nhs', 'date_iso']));
  });
});

describe('labelled-set scoring', () => {
  it('reads both shapes and scores entity by entity, leaving masked values out', () => {
    const { samples, skipped } = readLabelledSet([
      {
        text: 'Card 4111 1111 1111 1111 and SSN XXX-XX-2409, mail a@b.io',
        NER: [
          { entity: '4111 1111 1111 1111', label: 'CREDIT_CARD' },
          { entity: 'XXX-XX-2409', label: 'SSN' },
        ],
      },
      {
        full_text: 'My phone number is 418-218-7751',
        spans: [
          { entity_type: 'PHONE_NUMBER', entity_value: '418-218-7751', start_position: 19, end_position: 31 },
        ],
      },
    ]);
    expect(skipped).toBe(1);
    const s = scoreLabelled(samples);
    expect([s.credit_card.tp, s.credit_card.fn, s.phone.tp]).toEqual([1, 0, 1]);
    expect(s.email.fp).toBe(1); // found, not labelled
  });

  it('refuses a set that is not an array', () => {
    expect(() => readLabelledSet({ cases: [] })).toThrow(/JSON array/);
  });
});
