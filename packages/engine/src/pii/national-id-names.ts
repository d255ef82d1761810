// Field names of government ids, each under its country's type where the name says
// which country issues it (`cpf` is Brazil's, `nino` the United Kingdom's); names that
// say only "a national id" (`national_id`, `tax_id`, `id_number`) stay `national_id`.
import type { PiiType } from '../types.js';

export interface NameEntry {
  words: string;
  type: PiiType;
  /** Also matches as the last words of a longer name (`customer_ssn`). */
  open?: boolean;
}

export const NATIONAL_ID_NAMES: NameEntry[] = [
  { words: 'ssn', type: 'ssn', open: true },
  { words: 'ssn last', type: 'ssn', open: true },
  { words: 'social security', type: 'ssn', open: true },
  { words: 'national id', type: 'national_id', open: true },
  { words: 'national identity', type: 'national_id', open: true },
  { words: 'national identification', type: 'national_id', open: true },
  { words: 'national insurance', type: 'uk_nino', open: true },
  { words: 'nin', type: 'national_id' },
  { words: 'nino', type: 'uk_nino' },
  { words: 'tax id', type: 'national_id', open: true },
  { words: 'tax identification', type: 'national_id', open: true },
  { words: 'tin', type: 'national_id' },
  { words: 'itin', type: 'us_itin' },
  { words: 'sin', type: 'ca_sin' },
  { words: 'social insurance', type: 'ca_sin', open: true },
  { words: 'aadhaar', type: 'in_aadhaar', open: true },
  { words: 'pesel', type: 'pl_pesel' },
  { words: 'nif', type: 'es_nif' },
  { words: 'nie', type: 'es_nie' },
  { words: 'dni', type: 'es_nif' },
  { words: 'cpf', type: 'br_cpf' },
  { words: 'curp', type: 'mx_curp' },
  { words: 'tfn', type: 'au_tfn' },
  { words: 'personal id', type: 'national_id' },
  { words: 'nhs', type: 'uk_nhs', open: true },
  { words: 'fiscal code', type: 'it_fiscal_code', open: true },
  { words: 'codice fiscale', type: 'it_fiscal_code' },
  { words: 'id number', type: 'national_id' },
];
