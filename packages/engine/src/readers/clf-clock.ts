// The timestamps of common and combined logs (`10/Oct/2000:13:55:36 -0700`): a clock that
// reads them in place from a line's code units, the day computed once per day seen.
const MONTHS: Record<string, number> = {
  Jan: 0,
  Feb: 1,
  Mar: 2,
  Apr: 3,
  May: 4,
  Jun: 5,
  Jul: 6,
  Aug: 7,
  Sep: 8,
  Oct: 9,
  Nov: 10,
  Dec: 11,
};

/** `10/Oct/2000:13:55:36 -0700` → epoch ms (null when malformed). */
export function parseClfTime(s: string): number | null {
  const m =
    /^(\d{1,2})\/([A-Z][a-z]{2})\/(\d{4})[: ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?: ([+-])(\d{2}):?(\d{2}))?$/.exec(
      s,
    );
  let value: number | null = null;
  if (m) {
    const month = MONTHS[m[2] as string];
    if (month !== undefined) {
      value = Date.UTC(Number(m[3]), month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6]));
      if (m[7]) value -= (m[7] === '-' ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9])) * 60_000;
      if (Number.isNaN(value)) value = null;
    }
  }
  return value;
}

/** Code units of a line's text (see parseClfLine). */
export type Units = Uint16Array;

/** Month number from the three code units at `i` (`Jan` … `Dec`), or -1. */
function monthAt(u: Units, i: number): number {
  // prettier-ignore
  switch (((u[i] as number) << 16) | ((u[i + 1] as number) << 8) | (u[i + 2] as number)) {
    case 0x4a616e: return 0; case 0x466562: return 1; case 0x4d6172: return 2; case 0x417072: return 3;
    case 0x4d6179: return 4; case 0x4a756e: return 5; case 0x4a756c: return 6; case 0x417567: return 7;
    case 0x536570: return 8; case 0x4f6374: return 9; case 0x4e6f76: return 10; case 0x446563: return 11;
    default: return -1;
  }
}

/** Two ASCII digits at `i` as a number, or -1. */
function digits2(u: Units, i: number): number {
  const a = (u[i] as number) - 48;
  const b = (u[i + 1] as number) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * One reader's timestamp memo: consecutive lines of a log mostly share their
 * second, and nearly always their day. Per reader (never shared between
 * readers or module-wide), so two logs read at once cannot see each other's.
 */
export class ClfClock {
  private textKey = '';
  private textValue: number | null = null;
  private dayKey = -1;
  private dayValue = 0;
  private head = '';
  private mid = '';
  private tail = -1;
  private value: number | null = null;

  /** parseClfTime, remembering the last text. */
  parse(text: string): number | null {
    if (text === this.textKey) return this.textValue;
    this.textKey = text;
    this.textValue = parseClfTime(text);
    return this.textValue;
  }

  /**
   * The timestamp between `[` and `]` at `start`..`end` (`u[o + i]` is the line's unit `i`),
   * its digits read in place for the usual layout `dd/Mon/yyyy:hh:mm:ss +zzzz` (26
   * characters); any other layout goes through parseClfTime. Same value as parseClfTime:
   * Date.UTC is linear in hours, minutes and seconds, so the date part is computed once per day.
   */
  at(line: string, u: Units, o: number, start: number, end: number): number | null {
    if (end - start !== 26) return this.parse(line.slice(start, end));
    // Consecutive lines mostly share the second: compared with the previous line's as two
    // 12-character strings and two units (V8 copies slices that short, and compares flat
    // strings in place; a longer slice would share the chunk and compare in the runtime).
    const at = o + start;
    const head = line.slice(start, start + 12);
    const mid = line.slice(start + 12, start + 24);
    const tail = (u[at + 24] as number) * 65536 + (u[at + 25] as number);
    if (head === this.head && mid === this.mid && tail === this.tail) return this.value;
    this.head = head;
    this.mid = mid;
    this.tail = tail;
    this.value = this.of(line, u, at, start, end);
    return this.value;
  }

  /** at()'s computation, for a timestamp that differs from the previous line's. */
  private of(line: string, u: Units, at: number, start: number, end: number): number | null {
    const d = digits2(u, at);
    const month = monthAt(u, at + 3);
    const y1 = digits2(u, at + 7);
    const y2 = digits2(u, at + 9);
    const h = digits2(u, at + 12);
    const mi = digits2(u, at + 15);
    const sec = digits2(u, at + 18);
    const sign = u[at + 21];
    const zh = digits2(u, at + 22);
    const zm = digits2(u, at + 24);
    if (
      (d | month | y1 | y2 | h | mi | sec | zh | zm) < 0 ||
      u[at + 2] !== 47 ||
      u[at + 6] !== 47 ||
      u[at + 11] !== 58 ||
      u[at + 14] !== 58 ||
      u[at + 17] !== 58 ||
      u[at + 20] !== 32 ||
      (sign !== 43 && sign !== 45)
    ) {
      return this.parse(line.slice(start, end));
    }
    const year = y1 * 100 + y2;
    const key = (year * 12 + month) * 100 + d;
    if (key !== this.dayKey) {
      this.dayKey = key;
      this.dayValue = Date.UTC(year, month, d);
    }
    return (
      this.dayValue +
      h * 3_600_000 +
      mi * 60_000 +
      sec * 1000 -
      (sign === 45 ? -1 : 1) * (zh * 60 + zm) * 60_000
    );
  }
}
