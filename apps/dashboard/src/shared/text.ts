import { errorMessage } from '@argus/api';
import { formatTriggerType } from '@argus/ui';

/** Spec section 8: list load errors read "Error loading {what}: {message}" ("Unknown error" without one). */
export function loadErrorText(what: string, error: unknown): string {
  return `Error loading ${what}: ${errorMessage(error, 'Unknown error')}`;
}

/** "API1:2023 Broken…" → "A01", "A03:2021 Injection" → "A03": the letter A plus two digits, else "N/A". */
export function owaspCode(category: string | null | undefined): string {
  const digits = category?.match(/\d+/)?.[0];
  if (!digits) return 'N/A';
  const number = Number.parseInt(digits, 10);
  if (!Number.isFinite(number) || number > 99) return 'N/A';
  return `A${String(number).padStart(2, '0')}`;
}

/** Case-insensitive "does any of these texts contain the term". */
export function matchesSearch(term: string, ...texts: (string | null | undefined)[]): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return texts.some((text) => text?.toLowerCase().includes(needle));
}

/** "pii_exposed" → "PII Exposed". */
export function triggerLabel(triggerType: string): string {
  return formatTriggerType(triggerType).replace(/\bPii\b/, 'PII');
}

/** "sensitive" → "Sensitive"; acronyms stay upper case ("pii" → "PII"). */
export function classificationLabel(classification: string): string {
  const lower = classification.toLowerCase();
  if (['pii', 'phi', 'pci'].includes(lower)) return lower.toUpperCase();
  return classification.charAt(0).toUpperCase() + classification.slice(1);
}

/** Last Seen of an endpoint known only from a description. */
export const NEVER_SEEN = 'Never seen in traffic';
