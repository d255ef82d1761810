// Calendar facts shared by templating (dates in paths) and PII detection (dates of birth, ids).

/** Whether year `y`, month `m` (1-12) and day `d` name a day that exists (29 February only in leap years). */
export function isRealDate(y: number, m: number, d: number): boolean {
  if (!Number.isInteger(y) || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}
