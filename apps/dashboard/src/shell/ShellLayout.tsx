import { AppShell, Spinner, type NavLinkRenderProps } from '@argus/ui';
import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { styled } from 'styled-components';
import { TopBarSlot, TopBarSlotContext } from './PageHeader.js';

const renderLink = ({ href, ...props }: NavLinkRenderProps) => <Link to={href} {...props} />;

const Loading = styled.div`
  display: flex;
  justify-content: center;
  padding: var(--space-8);
  color: var(--color-fg-muted);
`;

export function PageLoading() {
  return (
    <Loading>
      <Spinner size={24} label="Loading page" />
    </Loading>
  );
}

/** Sidebar + top-bar slot + the current page (lazy pages suspend inside the frame). */
export function ShellLayout() {
  const { pathname } = useLocation();
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  return (
    <TopBarSlotContext.Provider value={slot}>
      <AppShell currentPath={pathname} renderLink={renderLink} topBar={<TopBarSlot onSlot={setSlot} />}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </AppShell>
    </TopBarSlotContext.Provider>
  );
}
