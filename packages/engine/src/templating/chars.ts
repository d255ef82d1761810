// UTF-16 code units the hot paths compare against (a typed array of code units is read
// far faster than `charCodeAt`; named constants keep those comparisons readable).
export const SLASH = 0x2f; // '/'
export const QUESTION = 0x3f; // '?'
export const HASH = 0x23; // '#'
export const PERCENT = 0x25; // '%'
export const DASH = 0x2d; // '-'
export const OPEN_BRACE = 0x7b; // '{'
export const CLOSE_BRACE = 0x7d; // '}'
export const QUOTE = 0x22; // '"'
export const DIGIT_0 = 0x30;
export const DIGIT_1 = 0x31;
export const DIGIT_9 = 0x39;
export const UPPER_A = 0x41;
export const UPPER_F = 0x46;
export const LOWER_A = 0x61;
export const LOWER_F = 0x66;
export const LOWER_V = 0x76;
export const LOWER_Z = 0x7a;

/** Whether a path segment is a template parameter (`{id}`, `{proxy+}`). */
export function isParamSegment(seg: string): boolean {
  return seg.charCodeAt(0) === OPEN_BRACE && seg.charCodeAt(seg.length - 1) === CLOSE_BRACE;
}
