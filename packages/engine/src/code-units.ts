// The UTF-16 code units of a string in a reusable typed array: on the hot paths of log
// ingestion, reading a typed array costs a fraction of what `charCodeAt` does in V8.
import { Buffer } from 'node:buffer';

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** Strings up to this long reuse the array; longer ones get their own. */
const KEEP = 65536;

/** A scratch array of code units; `of(s)` is valid until the next call. */
export class CodeUnits {
  private bytes = Buffer.alloc(1024);
  private units = new Uint16Array(this.bytes.buffer, this.bytes.byteOffset, 512);

  of(s: string): Uint16Array {
    let bytes = this.bytes;
    let units = this.units;
    if (s.length > units.length) {
      bytes = Buffer.allocUnsafeSlow(2 * Math.max(s.length, 2 * units.length));
      units = new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
      if (s.length <= KEEP) {
        this.bytes = bytes;
        this.units = units;
      }
    }
    if (LITTLE_ENDIAN) bytes.write(s, 0, 'utf16le');
    else for (let i = 0; i < s.length; i++) units[i] = s.charCodeAt(i);
    return units;
  }
}

/** The code units of `s` in an array of its own. */
export function codeUnitsOf(s: string): Uint16Array {
  const units = new Uint16Array(s.length);
  for (let i = 0; i < s.length; i++) units[i] = s.charCodeAt(i);
  return units;
}

/** The decimal number written at `from` in `units` (up to `end`), or -1 when no digit is there. */
export function digitsAt(units: Uint16Array, from: number, end: number): number {
  let n = -1;
  for (let i = from; i < end; i++) {
    const c = units[i] as number;
    if (c < 48 || c > 57) break;
    n = (n < 0 ? 0 : n * 10) + c - 48;
  }
  return n;
}
