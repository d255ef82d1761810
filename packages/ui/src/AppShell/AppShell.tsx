'use client';

import {
  AlertTriangle,
  Bell,
  Eye,
  Globe,
  LayoutDashboard,
  Network,
  Settings,
  Shield,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Brand, Content, Main, NavList, NavStyles, Shell, Sidebar, navLinkClass } from './AppShell.styles.js';
import { APP_TITLE, NAV_ITEMS, isNavItemActive, type NavItem } from './navigation.js';

const icons: Record<string, LucideIcon> = {
  '/': LayoutDashboard,
  '/endpoints': Network,
  '/domains': Globe,
  '/vulnerabilities': AlertTriangle,
  '/pii': Eye,
  '/alerts': Bell,
  '/settings': Settings,
};

/** What `renderLink` receives: put these on your router's link component. */
export interface NavLinkRenderProps {
  href: string;
  className: string;
  'aria-current': 'page' | undefined;
  children: ReactNode;
}

/** Default link: a plain anchor (full page loads). */
const anchor = ({ href, children, ...rest }: NavLinkRenderProps) => (
  <a href={href} {...rest}>
    {children}
  </a>
);

export interface AppShellProps {
  /** The current location pathname; decides which entry is highlighted. */
  currentPath: string;
  /**
   * Renders one navigation link. Plug your router in here, e.g.
   * `({ href, ...p }) => <Link to={href} {...p} />`. Defaults to `<a>`.
   */
  renderLink?: (props: NavLinkRenderProps) => ReactNode;
  /** Sidebar entries (default: the seven spec entries). */
  navItems?: readonly NavItem[];
  /** Usually a `<TopBar/>`, rendered above the page content. */
  topBar?: ReactNode;
  children?: ReactNode;
}

/** Page frame: sidebar with the product title and navigation, optional top bar, content. */
export function AppShell({
  currentPath,
  renderLink = anchor,
  navItems = NAV_ITEMS,
  topBar,
  children,
}: AppShellProps) {
  return (
    <Shell>
      <Sidebar>
        <Brand>
          <Shield size={22} aria-hidden="true" />
          <span>{APP_TITLE}</span>
        </Brand>
        <NavStyles aria-label="Main">
          <NavList>
            {navItems.map((item) => {
              const Icon = icons[item.href] ?? LayoutDashboard;
              const active = isNavItemActive(item.href, currentPath);
              return (
                <li key={item.href}>
                  {renderLink({
                    href: item.href,
                    className: navLinkClass,
                    'aria-current': active ? 'page' : undefined,
                    children: (
                      <>
                        <Icon size={18} aria-hidden="true" />
                        {item.label}
                      </>
                    ),
                  })}
                </li>
              );
            })}
          </NavList>
        </NavStyles>
      </Sidebar>
      <Main>
        {topBar}
        <Content>{children}</Content>
      </Main>
    </Shell>
  );
}
