import { describe, expect, it } from 'vitest';
import { pageWindow, type PageItem } from './page-window.js';

const show = (items: PageItem[]) => items.map((i) => (i.kind === 'page' ? String(i.page) : '…')).join(' ');

describe('pageWindow', () => {
  it('shows every page when they fit', () => {
    expect(show(pageWindow(1, 1))).toBe('1');
    expect(show(pageWindow(4, 7))).toBe('1 2 3 4 5 6 7');
  });

  it('shows first, last and the current page with its neighbours, gaps between', () => {
    expect(show(pageWindow(1, 48))).toBe('1 2 3 4 5 … 48');
    expect(show(pageWindow(5, 48))).toBe('1 … 4 5 6 … 48');
    expect(show(pageWindow(24, 48))).toBe('1 … 23 24 25 … 48');
    expect(show(pageWindow(44, 48))).toBe('1 … 44 45 46 47 48');
    expect(show(pageWindow(48, 48))).toBe('1 … 44 45 46 47 48');
  });

  it('never hides a single page behind a gap', () => {
    for (let page = 1; page <= 48; page++) {
      const numbers = pageWindow(page, 48).flatMap((i) => (i.kind === 'page' ? [i.page] : []));
      const items = pageWindow(page, 48);
      items.forEach((item, at) => {
        if (item.kind !== 'gap') return;
        const before = items[at - 1];
        const after = items[at + 1];
        expect(before?.kind === 'page' && after?.kind === 'page' && after.page - before.page).toBeGreaterThan(
          2,
        );
      });
      expect(numbers).toContain(page);
      expect(items).toHaveLength(7);
    }
  });

  it('clamps pages out of range', () => {
    expect(show(pageWindow(99, 10))).toBe('1 … 6 7 8 9 10');
    expect(show(pageWindow(0, 0))).toBe('1');
  });
});
