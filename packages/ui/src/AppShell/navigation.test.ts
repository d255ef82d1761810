import { describe, expect, it } from 'vitest';
import { formatPiiType } from '../PiiChips/PiiChips.js';
import { methodTone } from '../MethodBadge/MethodBadge.js';
import { isNavItemActive, NAV_ITEMS } from './navigation.js';

describe('isNavItemActive', () => {
  it('highlights Dashboard for / and /dashboard only', () => {
    expect(isNavItemActive('/', '/')).toBe(true);
    expect(isNavItemActive('/', '/dashboard')).toBe(true);
    expect(isNavItemActive('/', '/dashboard/')).toBe(true);
    expect(isNavItemActive('/', '/endpoints')).toBe(false);
  });
  it('keeps sections active on nested paths without prefix collisions', () => {
    expect(isNavItemActive('/endpoints', '/endpoints/42')).toBe(true);
    expect(isNavItemActive('/alerts', '/alerts-archive')).toBe(false);
  });
  it('lists the seven spec entries', () => {
    expect(NAV_ITEMS.map((i) => i.label)).toEqual([
      'Dashboard',
      'Endpoints',
      'Domains',
      'Vulnerabilities',
      'PII Detection',
      'Alerts',
      'Settings',
    ]);
  });
});

describe('labels and tones', () => {
  it('formats PII types', () => {
    expect(formatPiiType('credit_card')).toBe('credit card');
    expect(formatPiiType('credit_card', 'named')).toBe('Credit Card');
    expect(formatPiiType('passport_no', 'named')).toBe('PASSPORT NO');
  });
  it('colours methods per variant', () => {
    expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'].map((m) => methodTone(m))).toEqual([
      'success',
      'danger',
      'primary',
      'primary',
      'danger',
      'neutral',
    ]);
    expect(new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => methodTone(m, 'table'))).size).toBe(
      5,
    );
  });
});
