// Percent-decoding that never throws: shared by the readers, templating and PII detection.

/**
 * decodeURIComponent that keeps the input when it is not valid percent-encoding,
 * or when it would decode to NUL (`%00`, or `%2500` decoded twice): no text store
 * takes NUL, and a path template holding one could not be stored.
 */
export function safeDecode(s: string): string {
  if (!s.includes('%')) return s;
  try {
    const decoded = decodeURIComponent(s);
    return decoded.includes('\u0000') ? s : decoded;
  } catch {
    return s;
  }
}
