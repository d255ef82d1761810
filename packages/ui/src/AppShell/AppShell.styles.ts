'use client';

import { styled } from 'styled-components';

/**
 * The shell is a size container: the layout follows the width the shell is given
 * (the viewport in an app, a frame in a story), not the window's.
 */
export const Shell = styled.div`
  container: app-shell / inline-size;
  min-height: 100vh;
  background: var(--color-bg);
`;

/** Below this width the sidebar collapses into a bar with a menu button. */
export const COMPACT_WIDTH_PX = 768;

export const Layout = styled.div`
  display: grid;
  grid-template-columns: 240px minmax(0, 1fr);
  min-height: 100vh;

  @container app-shell (max-width: ${COMPACT_WIDTH_PX}px) {
    grid-template-columns: minmax(0, 1fr);
    grid-template-rows: auto 1fr;
    min-height: 0;
  }
`;

export const Sidebar = styled.aside`
  display: flex;
  flex-direction: column;
  gap: var(--space-4);
  padding: var(--space-5) var(--space-3);
  border-right: 1px solid var(--color-border);
  background: var(--color-surface);

  @container app-shell (max-width: ${COMPACT_WIDTH_PX}px) {
    gap: var(--space-2);
    padding: var(--space-2) var(--space-3);
    border-right: none;
    border-bottom: 1px solid var(--color-border);

    &[data-menu='closed'] nav {
      display: none;
    }
  }
`;

export const SidebarHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-2);
`;

/** Only shown at compact widths. */
export const MenuButton = styled.button`
  display: none;
  align-items: center;
  gap: var(--space-2);
  min-height: 36px;
  padding: 0 var(--space-3);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  background: var(--color-surface);
  color: var(--color-fg);
  font: inherit;
  font-size: var(--font-size-md);
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid var(--color-focus-ring);
    outline-offset: 1px;
  }

  @container app-shell (max-width: ${COMPACT_WIDTH_PX}px) {
    display: inline-flex;
  }
`;

export const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: var(--space-2);
  padding: 0 var(--space-2);
  color: var(--color-fg);
  font-size: var(--font-size-md);
  font-weight: var(--font-weight-bold);
  line-height: 1.3;

  svg {
    flex-shrink: 0;
    color: var(--color-accent-fg);
  }
`;

export const NavList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 2px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Applied to whatever link element `renderLink` returns, through `className`. */
export const navLinkClass = 'argus-nav-link';

export const NavStyles = styled.nav`
  .${navLinkClass} {
    display: flex;
    align-items: center;
    gap: var(--space-3);
    min-height: 36px;
    padding: 0 var(--space-3);
    border-radius: var(--radius-md);
    color: var(--color-fg-muted);
    font-size: var(--font-size-md);
    font-weight: var(--font-weight-medium);
    text-decoration: none;

    &:hover {
      background: var(--color-surface-hover);
      color: var(--color-fg);
    }
    &:focus-visible {
      outline: 2px solid var(--color-focus-ring);
      outline-offset: 0;
    }
    &[aria-current='page'] {
      background: var(--tone-primary-bg);
      color: var(--tone-primary-fg);
    }
  }
`;

export const Main = styled.main`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

export const Content = styled.div`
  display: flex;
  flex-direction: column;
  gap: var(--space-6);
  padding: var(--space-6);

  @container app-shell (max-width: ${COMPACT_WIDTH_PX}px) {
    gap: var(--space-4);
    padding: var(--space-3);
  }
`;
