'use client';

import {
  AlertTriangle,
  Bell,
  Eye,
  Globe,
  LayoutDashboard,
  Menu,
  Network,
  X,
  Settings,
  Shield,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  Brand,
  Content,
  Layout,
  Main,
  MenuButton,
  NavList,
  NavStyles,
  Shell,
  Sidebar,
  SidebarHeader,
  navLinkClass,
} from './AppShell.styles.js';
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
  /** Where the entry leads (a path such as `/alerts`). */
  href: string;
  /** Class that styles the entry; keep it on the rendered link. */
  className: string;
  /** `page` on the entry of the current section. */
  'aria-current': 'page' | undefined;
  /** Icon and label of the entry. */
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
  /** The page content, below the top bar. */
  children?: ReactNode;
}

/**
 * Page frame: sidebar with the product title and navigation, optional top bar,
 * content. Narrower than 768 px (phones), the sidebar becomes a bar with a
 * "Menu" button that opens the navigation; following a link closes it.
 */
export function AppShell({
  currentPath,
  renderLink = anchor,
  navItems = NAV_ITEMS,
  topBar,
  children,
}: AppShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  useEffect(() => setMenuOpen(false), [currentPath]);
  return (
    <Shell>
      <Layout>
        <Sidebar data-menu={menuOpen ? 'open' : 'closed'}>
          <SidebarHeader>
            <Brand>
              <Shield size={22} aria-hidden="true" />
              <span>{APP_TITLE}</span>
            </Brand>
            <MenuButton
              type="button"
              aria-expanded={menuOpen}
              aria-controls={navId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X size={18} aria-hidden="true" /> : <Menu size={18} aria-hidden="true" />}
              Menu
            </MenuButton>
          </SidebarHeader>
          <NavStyles aria-label="Main" id={navId}>
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
      </Layout>
    </Shell>
  );
}
