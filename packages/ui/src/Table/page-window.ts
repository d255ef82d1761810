/** One item of a pagination bar: a page number, or a gap of hidden pages. */
export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: 'start' | 'end' };

/**
 * The pages a pagination bar shows: the first and last page, the current one
 * with `siblings` on each side, and a gap where pages are left out. The bar
 * keeps the same number of items (`2 * siblings + 5`) wherever the current page
 * is, so Previous and Next do not move under the pointer; a gap never hides a
 * single page (that page is shown instead).
 */
export function pageWindow(page: number, pageCount: number, siblings = 1): PageItem[] {
  const count = Math.max(1, Math.floor(pageCount));
  const current = Math.min(Math.max(1, Math.floor(page)), count);
  const slots = 2 * siblings + 5;
  const pages = (from: number, to: number): PageItem[] =>
    Array.from({ length: to - from + 1 }, (_, i) => ({ kind: 'page', page: from + i }));
  if (count <= slots) return pages(1, count);

  const nearStart = current <= siblings + 3;
  const nearEnd = current >= count - siblings - 3;
  if (nearStart) return [...pages(1, slots - 2), { kind: 'gap', key: 'end' }, ...pages(count, count)];
  if (nearEnd) return [...pages(1, 1), { kind: 'gap', key: 'start' }, ...pages(count - slots + 3, count)];
  return [
    ...pages(1, 1),
    { kind: 'gap', key: 'start' },
    ...pages(current - siblings, current + siblings),
    { kind: 'gap', key: 'end' },
    ...pages(count, count),
  ];
}
