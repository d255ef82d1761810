// Percent-decoding that never throws: shared by the readers, templating and PII detection.

/** decodeURIComponent that keeps the input when it is not valid percent-encoding. */
export function safeDecode(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
