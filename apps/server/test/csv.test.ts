// CSV export cells. The review: formula characters were neutralised only at a
// cell's start, so `x;=cmd` became a formula once a spreadsheet split on `;`.
import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from '../src/alerts/csv.js';

/** Splits a cell's text the ways spreadsheets do on import (separators, line breaks). */
const pieces = (text: string) => text.split(/[;,\t\r\n]/);

describe('csvCell', () => {
  it('neutralises a formula wherever a spreadsheet could start a cell', () => {
    for (const [input, expected] of [
      ['=1+1', "'=1+1"],
      ['-2', "'-2"],
      ['ok;=cmd|"/c calc"!A0', `"ok;'=cmd|""/c calc""!A0"`],
      ['a,+1', `"a,'+1"`],
      ['a\t@SUM(A1)', `"a\t'@SUM(A1)"`],
      ['a;\r=1', `"a;'\r'=1"`],
      ['line\n=HYPERLINK("x")', `"line\n'=HYPERLINK(""x"")"`],
      ['plain text, no formula', '"plain text, no formula"'],
      ['a-b@c=d', 'a-b@c=d'],
    ] as const) {
      expect(csvCell(input)).toBe(expected);
    }
  });

  it('leaves no piece of any cell starting with a formula character', () => {
    const hostile = ['x;=1', 'x,+1', 'x\t-1', 'x\r@1', ';;=a', ',\t=b', '\t\t', '=;=,=\t=\r=\n='];
    for (const cell of hostile) {
      const text = csvCell(cell).replace(/^"|"$/g, '').replace(/""/g, '"');
      for (const piece of pieces(text)) expect(piece).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('writes dates, numbers and empty cells as they are', () => {
    expect(csvRow([new Date('2026-01-02T03:04:05.000Z'), 42, null, undefined])).toBe(
      '2026-01-02T03:04:05.000Z,42,,\r\n',
    );
  });
});
