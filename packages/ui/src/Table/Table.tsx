'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../Button/Button.js';
import { Checkbox } from '../Checkbox/Checkbox.js';
import { Skeleton } from '../Skeleton/Skeleton.js';
import {
  Caption,
  CheckCell,
  CheckHeader,
  PageButtons,
  PageGap,
  PaginationBar,
  Scroll,
  StyledTable,
  Td,
  Th,
  Tr,
} from './Table.styles.js';
import { pageWindow } from './page-window.js';

export type ColumnAlign = 'left' | 'right' | 'center';

export interface TableColumn<Row> {
  /** Unique key of the column. */
  key: string;
  header: ReactNode;
  /** Renders the cell of one row. */
  cell: (row: Row) => ReactNode;
  align?: ColumnAlign;
  /** CSS width of the column, e.g. "30%" or "120px". */
  width?: string;
}

export interface TableProps<Row> {
  /** Column definitions: key, header, how to render a cell, alignment and width. */
  columns: readonly TableColumn<Row>[];
  /** The data, one item per row. */
  rows: readonly Row[];
  /** Stable id of a row (React key and selection id). */
  getRowId: (row: Row) => string;
  /** Accessible name of the table (rendered as a visually hidden caption). */
  caption: string;
  /** Show `skeletonRows` placeholder rows instead of data. */
  loading?: boolean;
  /** Number of placeholder rows while `loading` (default 5). */
  skeletonRows?: number;
  /** Shown in a full-width row when not loading and `rows` is empty. */
  empty?: ReactNode;
  /** Shown in a full-width row instead of rows (e.g. an ErrorState). */
  error?: ReactNode;
  /** Adds a checkbox column with a select-all checkbox in the header. */
  selectable?: boolean;
  /** Ids of the selected rows (controlled). */
  selectedIds?: readonly string[];
  /** Called with the new selection when a row or the select-all checkbox changes. */
  onSelectionChange?: (ids: string[]) => void;
  /** Accessible name of a row's checkbox; defaults to "Select row {id}". */
  getRowLabel?: (row: Row) => string;
  /** Content under the table, e.g. `<Table.Pagination/>`. */
  footer?: ReactNode;
}

export interface SkeletonRowsProps {
  /** Number of cells per row. */
  columns: number;
  /** Number of rows (spec: 5). */
  rows?: number;
}

/** Placeholder rows (`<tr>`s) for a loading table body. */
function SkeletonRows({ columns, rows = 5 }: SkeletonRowsProps) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <Tr key={r} data-skeleton="" aria-hidden="true">
          {Array.from({ length: columns }, (_, c) => (
            <Td key={c} $align="left">
              <Skeleton height={14} width={c === 0 ? '80%' : '60%'} />
            </Td>
          ))}
        </Tr>
      ))}
    </>
  );
}

export interface TablePaginationProps {
  /** E.g. "Showing 1-5 of 5 high-risk endpoints". */
  summary: ReactNode;
  /** Current page, from 1. */
  page?: number;
  /** Number of pages; Next is disabled on the last. */
  pageCount?: number;
  /** Called with the page the user asked for. */
  onPageChange?: (page: number) => void;
}

/**
 * Footer with a summary, Previous/Next and page buttons: the first and last page and the
 * current one with its neighbours, an ellipsis for pages left out (at most seven buttons).
 */
function TablePagination({ summary, page = 1, pageCount = 1, onPageChange }: TablePaginationProps) {
  return (
    <PaginationBar aria-label="Pagination">
      <span>{summary}</span>
      <PageButtons>
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange?.(page - 1)}>
          Previous
        </Button>
        {pageWindow(page, pageCount).map((item) =>
          item.kind === 'gap' ? (
            <PageGap key={item.key} aria-hidden="true">
              …
            </PageGap>
          ) : (
            <Button
              key={item.page}
              variant={item.page === page ? 'primary' : 'outline'}
              size="sm"
              aria-current={item.page === page ? 'page' : undefined}
              aria-label={`Page ${item.page}`}
              onClick={() => onPageChange?.(item.page)}
            >
              {item.page}
            </Button>
          ),
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pageCount}
          onClick={() => onPageChange?.(page + 1)}
        >
          Next
        </Button>
      </PageButtons>
    </PaginationBar>
  );
}

/**
 * Whether the box scrolls sideways (the table is wider than its room, as on a
 * phone). A scrolling box must be reachable by keyboard, so it then becomes a
 * focusable, named region; otherwise it adds no tab stop.
 */
function useScrollsSideways() {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return { ref, scrolls };
}

function TableBase<Row>({
  columns,
  rows,
  getRowId,
  caption,
  loading = false,
  skeletonRows = 5,
  empty,
  error,
  selectable = false,
  selectedIds = [],
  onSelectionChange,
  getRowLabel,
  footer,
}: TableProps<Row>) {
  const scroll = useScrollsSideways();
  const selected = new Set(selectedIds);
  const allIds = rows.map(getRowId);
  const selectedCount = allIds.filter((id) => selected.has(id)).length;
  const allState = selectedCount === 0 ? false : selectedCount === allIds.length ? true : 'indeterminate';
  const columnCount = columns.length + (selectable ? 1 : 0);

  function toggleRow(id: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelectionChange?.(allIds.filter((rowId) => next.has(rowId)));
  }

  let body: ReactNode;
  if (loading) body = <SkeletonRows columns={columnCount} rows={skeletonRows} />;
  else if (error || (rows.length === 0 && empty))
    body = (
      <tr>
        <td colSpan={columnCount}>{error ?? empty}</td>
      </tr>
    );
  else
    body = rows.map((row) => {
      const id = getRowId(row);
      const isSelected = selected.has(id);
      return (
        <Tr key={id} data-selected={isSelected}>
          {selectable ? (
            <CheckCell>
              <Checkbox
                checked={isSelected}
                onCheckedChange={(value) => toggleRow(id, value === true)}
                aria-label={getRowLabel ? getRowLabel(row) : `Select row ${id}`}
              />
            </CheckCell>
          ) : null}
          {columns.map((column) => (
            <Td key={column.key} $align={column.align ?? 'left'}>
              {column.cell(row)}
            </Td>
          ))}
        </Tr>
      );
    });

  return (
    <div>
      <Scroll
        ref={scroll.ref}
        {...(scroll.scrolls
          ? { role: 'region', 'aria-label': `${caption} (scrolls sideways)`, tabIndex: 0 }
          : {})}
      >
        <StyledTable aria-busy={loading || undefined}>
          <Caption>{caption}</Caption>
          <thead>
            <tr>
              {selectable ? (
                <CheckHeader scope="col">
                  <Checkbox
                    checked={allState}
                    disabled={loading || rows.length === 0}
                    onCheckedChange={(value) => onSelectionChange?.(value === true ? allIds : [])}
                    aria-label="Select all rows"
                  />
                </CheckHeader>
              ) : null}
              {columns.map((column) => (
                <Th key={column.key} scope="col" $align={column.align ?? 'left'} $width={column.width}>
                  {column.header}
                </Th>
              ))}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </StyledTable>
      </Scroll>
      {footer}
    </div>
  );
}

/**
 * A data table: columns describe cells, rows are data. Optional selectable rows with a
 * select-all checkbox (indeterminate when some are selected), loading skeleton rows,
 * empty and error rows, and a footer slot.
 */
export const Table = Object.assign(TableBase, { SkeletonRows, Pagination: TablePagination });
export { SkeletonRows as TableSkeletonRows, TablePagination };
