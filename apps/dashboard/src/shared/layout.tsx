import {
  MethodBadge,
  Select,
  StatTile,
  VisuallyHidden,
  type MethodBadgeVariant,
  type SelectOption,
} from '@argus/ui';
import { useId, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { DomainName } from './DomainName.js';

/** Summary tiles above list screens: four across on wide screens. */
export const TileGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: var(--space-4);
`;

/** Search box and filters above a table. */
export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-3);

  & > :first-child {
    flex: 1 1 260px;
    max-width: 420px;
  }
  & > :not(:first-child) {
    width: 240px;
  }
`;

export const Stack = styled.div<{ $gap?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${(p) => `var(--space-${p.$gap ?? 1})`};
  min-width: 0;
`;

export const Inline = styled.div<{ $gap?: number }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${(p) => `var(--space-${p.$gap ?? 2})`};
  min-width: 0;
`;

export const Muted = styled.span`
  color: var(--color-fg-muted);
  font-size: var(--font-size-sm);
`;

export const Mono = styled.span`
  font-family: var(--font-mono);
  font-size: var(--font-size-sm);
  overflow-wrap: anywhere;
`;

export const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: var(--space-1);
`;

/** Text clamped to two lines (long descriptions in tables). */
export const TwoLines = styled.span`
  display: -webkit-box;
  overflow: hidden;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
  color: var(--color-fg-muted);
  font-size: var(--font-size-sm);
`;

const PathLine = styled.div`
  display: flex;
  align-items: baseline;
  gap: var(--space-2);
  min-width: 0;

  & > :first-child {
    flex-shrink: 0;
  }
`;

export interface EndpointCellProps {
  method: string;
  normalizedPath: string;
  domain: string;
  methodVariant?: MethodBadgeVariant;
}

/**
 * A path, host or URL that may wrap only after a slash or a dot (or before a query), never in the
 * middle of a segment such as `{username}`. The text content stays the same: the breaks are `<wbr>`s.
 */
export function BreakablePath({ text }: { text: string }) {
  const parts = text.split(/(?<=[/.])|(?=\?)/);
  return (
    <>
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </span>
      ))}
    </>
  );
}

/** Method badge, normalized path and domain: how every table names an endpoint. */
export function EndpointCell({ method, normalizedPath, domain, methodVariant }: EndpointCellProps) {
  return (
    <Stack>
      <PathLine>
        <MethodBadge method={method} variant={methodVariant} />
        <Mono>
          <BreakablePath text={normalizedPath} />
        </Mono>
      </PathLine>
      <Muted>
        <DomainName name={domain} />
      </Muted>
    </Stack>
  );
}

/** A cell in a table body that spans the row with a message. */
export const TableMessage = styled.p`
  margin: 0;
  padding: var(--space-8) var(--space-4);
  color: var(--color-fg-muted);
  text-align: center;
`;

const FilterLabel = styled.label`
  display: flex;
  align-items: center;
  gap: var(--space-2);
  color: var(--color-fg-muted);
  font-size: var(--font-size-sm);
  white-space: nowrap;
`;

export interface FilterSelectProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  /** Accessible name when "Filter by {label}" would not fit (an order, say). */
  ariaLabel?: string;
}

/** A filter dropdown with its name written beside it ("Severity [All ▾]"). */
export function FilterSelect({ label, ariaLabel, ...props }: FilterSelectProps) {
  const id = useId();
  return (
    <FilterLabel htmlFor={id}>
      {label}
      <Select id={id} aria-label={ariaLabel ?? `Filter by ${label.toLowerCase()}`} {...props} />
    </FilterLabel>
  );
}

/** A heading only assistive technology sees, keeping heading levels in order above tiles and cards. */
export function HiddenHeading({ children }: { children: string }) {
  return (
    <VisuallyHidden asChild>
      <h2>{children}</h2>
    </VisuallyHidden>
  );
}

/** The four summary tiles above a list screen, or their skeletons while the list loads. */
export function SummaryTiles({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <>
      <HiddenHeading>Summary</HiddenHeading>
      <TileGrid>
        {loading ? Array.from({ length: 4 }, (_, i) => <StatTile.Skeleton key={i} />) : children}
      </TileGrid>
    </>
  );
}
