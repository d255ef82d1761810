import { Button, formatNumber } from '@argus/ui';
import { styled } from 'styled-components';

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-3);
  padding: var(--space-3) var(--space-5);
  border-top: 1px solid var(--color-border);
  color: var(--color-fg-muted);
  font-size: var(--font-size-sm);
`;

const Buttons = styled.div`
  display: flex;
  align-items: center;
  gap: var(--space-2);
`;

export interface PagerProps {
  from: number;
  to: number;
  total: number;
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** What is counted, e.g. "endpoints". */
  noun: string;
}

/**
 * Previous / Next paging for long lists (100k rows): unlike a row of page
 * buttons it stays the same size whatever the page count.
 */
export function Pager({ from, to, total, page, pageCount, onPageChange, noun }: PagerProps) {
  if (total === 0) return null;
  return (
    <Bar aria-label="Pagination">
      <span>
        Showing {formatNumber(from)}-{formatNumber(to)} of {formatNumber(total)} {noun}
      </span>
      <Buttons>
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <span aria-live="polite">
          Page {formatNumber(page)} of {formatNumber(pageCount)}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pageCount}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </Button>
      </Buttons>
    </Bar>
  );
}
