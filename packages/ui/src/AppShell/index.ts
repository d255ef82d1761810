export { AppShell, type AppShellProps, type NavLinkRenderProps } from './AppShell.js';
export { APP_TITLE, NAV_ITEMS, isNavItemActive, type NavItem } from './navigation.js';
