/** Sidebar title, exactly as the spec writes it. */
export const APP_TITLE = 'API Security, Observability';

export interface NavItem {
  label: string;
  href: string;
}

/** The seven sidebar entries, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', href: '/' },
  { label: 'Endpoints', href: '/endpoints' },
  { label: 'Domains', href: '/domains' },
  { label: 'Vulnerabilities', href: '/vulnerabilities' },
  { label: 'PII Detection', href: '/pii' },
  { label: 'Alerts', href: '/alerts' },
  { label: 'Settings', href: '/settings' },
];

/** Whether a nav entry is the current one. Dashboard is active for both / and /dashboard. */
export function isNavItemActive(href: string, currentPath: string): boolean {
  const path = currentPath.replace(/\/+$/, '') || '/';
  if (href === '/') return path === '/' || path === '/dashboard';
  return path === href || path.startsWith(`${href}/`);
}
