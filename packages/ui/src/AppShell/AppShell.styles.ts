'use client';

import { styled } from 'styled-components';

export const Shell = styled.div`
  display: grid;
  grid-template-columns: 240px minmax(0, 1fr);
  min-height: 100vh;
  background: var(--color-bg);

  @media (max-width: 768px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const Sidebar = styled.aside`
  display: flex;
  flex-direction: column;
  gap: var(--space-4);
  padding: var(--space-5) var(--space-3);
  border-right: 1px solid var(--color-border);
  background: var(--color-surface);

  @media (max-width: 768px) {
    border-right: none;
    border-bottom: 1px solid var(--color-border);
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
`;
