'use client';

import { styled } from 'styled-components';

/**
 * Wide tables scroll inside this box. It is the containing block of absolutely
 * positioned descendants (visually hidden labels), so they scroll and clip with
 * the table instead of widening the page.
 */
export const Scroll = styled.div`
  position: relative;
  width: 100%;
  overflow-x: auto;

  &:focus-visible {
    outline: 2px solid var(--color-focus-ring);
    outline-offset: -2px;
  }
`;

export const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: var(--font-size-md);
`;

export const Th = styled.th<{ $align: 'left' | 'right' | 'center'; $width?: string }>`
  width: ${(p) => p.$width ?? 'auto'};
  padding: var(--space-2) var(--space-4);
  border-bottom: 1px solid var(--color-border);
  background: var(--color-surface-muted);
  color: var(--color-fg-muted);
  font-size: var(--font-size-xs);
  font-weight: var(--font-weight-semibold);
  letter-spacing: 0.02em;
  text-align: ${(p) => p.$align};
  text-transform: uppercase;
  white-space: nowrap;
`;

export const Td = styled.td<{ $align: 'left' | 'right' | 'center' }>`
  padding: var(--space-3) var(--space-4);
  border-bottom: 1px solid var(--color-border);
  text-align: ${(p) => p.$align};
  vertical-align: middle;
`;

export const Tr = styled.tr`
  &[data-selected='true'] {
    background: var(--tone-primary-bg);
  }
  tbody > &:hover:not([data-skeleton]) {
    background: var(--color-surface-hover);
  }
  tbody > &:last-child > td {
    border-bottom: none;
  }
`;

export const CheckCell = styled.td`
  width: 44px;
  padding: var(--space-3) 0 var(--space-3) var(--space-4);
  border-bottom: 1px solid var(--color-border);
  vertical-align: middle;
`;

export const CheckHeader = styled.th`
  width: 44px;
  padding: var(--space-2) 0 var(--space-2) var(--space-4);
  border-bottom: 1px solid var(--color-border);
  background: var(--color-surface-muted);
  text-align: left;
`;

export const Caption = styled.caption`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

export const PaginationBar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-3);
  padding: var(--space-3) var(--space-4);
  border-top: 1px solid var(--color-border);
  color: var(--color-fg-muted);
  font-size: var(--font-size-sm);
`;

export const PageButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-1);
`;

export const PageGap = styled.span`
  min-width: 2ch;
  text-align: center;
  color: var(--color-fg-muted);
`;
