'use client';

import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { IconButton } from '../IconButton/IconButton.js';
import { SearchInput } from '../SearchInput/SearchInput.js';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-3);
  min-height: 64px;
  padding: var(--space-3) var(--space-6);
  border-bottom: 1px solid var(--color-border);
  background: var(--color-surface);
`;

const Heading = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  margin-right: auto;
`;

const Title = styled.h1`
  margin: 0;
  font-size: var(--font-size-xl);
  font-weight: var(--font-weight-semibold);
  line-height: 1.3;
`;

const Subtitle = styled.p`
  margin: 0;
  color: var(--color-fg-muted);
  font-size: var(--font-size-sm);
`;

const Search = styled.div`
  flex: 1 1 280px;
  max-width: 420px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-2);
`;

export interface TopBarProps {
  /** Page title (an h1). */
  title?: ReactNode;
  /** One line under the title. */
  subtitle?: ReactNode;
  /** Search box: shown when `onSearchChange` is given. */
  searchValue?: string;
  /** Called with the new search text; shows the search box when set. */
  onSearchChange?: (value: string) => void;
  /** Placeholder and accessible name of the search box. */
  searchPlaceholder?: string;
  /** Refresh icon button: shown when `onRefresh` is given. */
  onRefresh?: () => void;
  /** Accessible name of the refresh button (default "Refresh"). */
  refreshLabel?: string;
  /** Shows a spinner in the refresh button and disables it while data reloads. */
  refreshing?: boolean;
  /** The primary action, e.g. `<Button loading={scanning} loadingText="Scanning...">Run Scan</Button>`. */
  primaryAction?: ReactNode;
  /** Extra elements before the refresh button. */
  children?: ReactNode;
}

/** The bar at the top of a page: title, search, refresh and a primary action. */
export function TopBar({
  title,
  subtitle,
  searchValue,
  onSearchChange,
  searchPlaceholder = 'Search...',
  onRefresh,
  refreshLabel = 'Refresh',
  refreshing = false,
  primaryAction,
  children,
}: TopBarProps) {
  return (
    <Bar>
      {title !== undefined ? (
        <Heading>
          <Title>{title}</Title>
          {subtitle ? <Subtitle>{subtitle}</Subtitle> : null}
        </Heading>
      ) : null}
      {onSearchChange ? (
        <Search>
          <SearchInput
            value={searchValue ?? ''}
            onValueChange={onSearchChange}
            placeholder={searchPlaceholder}
          />
        </Search>
      ) : null}
      <Actions>
        {children}
        {onRefresh ? (
          <IconButton label={refreshLabel} variant="outline" onClick={onRefresh} loading={refreshing}>
            <RefreshCw size={16} aria-hidden="true" />
          </IconButton>
        ) : null}
        {primaryAction}
      </Actions>
    </Bar>
  );
}
