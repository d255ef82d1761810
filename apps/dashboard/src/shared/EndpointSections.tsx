// What the Endpoint Details modal (dashboard) and the Endpoint Details page
// show alike: the method-and-path title, the answer when the endpoint does not
// load, and the bordered lists of findings. The modal is the compact variant.
import { ApiError, errorMessage, type Endpoint, type Vulnerability } from '@argus/api';
import { MethodBadge } from '@argus/ui';
import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { Inline, Mono, Muted } from './layout.js';

/** The method badge and the normalized path, beside the "Endpoint Details" title. */
export function EndpointTitle({ endpoint }: { endpoint: Pick<Endpoint, 'method' | 'normalizedPath'> }) {
  return (
    <Inline as="span">
      <MethodBadge method={endpoint.method} />
      <Mono>{endpoint.normalizedPath}</Mono>
    </Inline>
  );
}

/** Why the endpoint is not shown: not found (no error, or a 404), else the error's message. */
export function endpointLoadFailure(error: unknown): { notFound: boolean; message: string } {
  const notFound = !error || (error instanceof ApiError && error.status === 404);
  return {
    notFound,
    message: notFound
      ? 'The requested endpoint could not be found.'
      : `Error loading endpoint: ${errorMessage(error)}`,
  };
}

const List = styled.ul<{ $compact: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${(p) => (p.$compact ? 'var(--space-2)' : 'var(--space-3)')};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $compact: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${(p) => (p.$compact ? 'var(--space-1)' : 'var(--space-2)')};
  padding: ${(p) => (p.$compact ? 'var(--space-3)' : 'var(--space-4)')};
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
`;

/**
 * The first line of an item: its name on the left, a badge on the right that keeps its
 * width however long the name is. Compact heads are one line (centred); roomy ones carry
 * a description under the name (top-aligned).
 */
export const ItemHead = styled.div<{ $compact?: boolean }>`
  display: flex;
  align-items: ${(p) => (p.$compact ? 'center' : 'flex-start')};
  justify-content: space-between;
  gap: ${(p) => (p.$compact ? 'var(--space-2)' : 'var(--space-3)')};

  & > :last-child {
    flex-shrink: 0;
  }
`;

export interface ItemListProps<T> {
  items: readonly T[];
  /** The muted line shown instead of an empty list, e.g. "No PII detected". */
  none: string;
  getKey: (item: T) => string;
  /** The content of one bordered item. */
  children: (item: T) => ReactNode;
  compact?: boolean;
}

/** Bordered items in a column (an endpoint's vulnerabilities or PII types), or a line saying there are none. */
export function ItemList<T>({ items, none, getKey, children, compact = false }: ItemListProps<T>) {
  if (items.length === 0) return <Muted>{none}</Muted>;
  return (
    <List $compact={compact}>
      {items.map((item) => (
        <Item key={getKey(item)} $compact={compact}>
          {children(item)}
        </Item>
      ))}
    </List>
  );
}

export const NO_PII = 'No PII detected';

/** An endpoint's vulnerabilities as bordered items, or "No vulnerabilities detected". */
export function VulnerabilityItems({
  vulnerabilities,
  ...props
}: Omit<ItemListProps<Vulnerability>, 'items' | 'none' | 'getKey'> & {
  vulnerabilities: readonly Vulnerability[];
}) {
  return (
    <ItemList items={vulnerabilities} none="No vulnerabilities detected" getKey={(v) => v.id} {...props} />
  );
}
