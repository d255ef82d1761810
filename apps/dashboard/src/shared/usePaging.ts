import { useState } from 'react';

export const PAGE_SIZE = 50;

/** Client-side pages over an already filtered list; the page snaps back when the list shrinks. */
export function usePaging<T>(rows: readonly T[], pageSize = PAGE_SIZE) {
  const [requested, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const page = Math.min(requested, pageCount);
  const start = (page - 1) * pageSize;
  return {
    page,
    pageCount,
    setPage,
    pageRows: rows.slice(start, start + pageSize),
    from: rows.length === 0 ? 0 : start + 1,
    to: Math.min(rows.length, start + pageSize),
    total: rows.length,
  };
}

/** Pager figures for a list the server pages: `total` matches, 1-based `page` of `pageSize`. */
export function serverPage(total: number, page: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const offset = (Math.min(page, pageCount) - 1) * pageSize;
  return {
    from: total === 0 ? 0 : offset + 1,
    to: Math.min(total, offset + pageSize),
    total,
    page: Math.min(page, pageCount),
    pageCount,
  };
}
