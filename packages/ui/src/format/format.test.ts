import { describe, expect, it } from 'vitest';
import {
  capitalize,
  formatDecimal,
  formatNumber,
  formatRelativeTime,
  formatShortDate,
  titleCase,
} from './format.js';
import { clampScore, domainRiskLevel, highRiskCountTone, piiRiskTone, riskBand } from './risk.js';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const ago = (ms: number) => NOW - ms;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('numbers', () => {
  it('adds thousands separators and fixed decimals', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0)).toBe('0');
    expect(formatDecimal(42.36)).toBe('42.4');
    expect(formatDecimal(0.5, 2)).toBe('0.50');
    expect(formatDecimal(12345.678, 1)).toBe('12,345.7');
  });
});

describe('dates', () => {
  it('formats short dates like "Jan 5, 2025"', () => {
    expect(formatShortDate(new Date(2025, 0, 5, 12))).toBe('Jan 5, 2025');
  });
  it('rejects invalid dates with a clear message', () => {
    expect(() => formatShortDate('not a date')).toThrow('Not a valid date: not a date');
  });
});

describe('formatRelativeTime', () => {
  it('compact style: N min ago, Nh ago, Nd ago', () => {
    expect(formatRelativeTime(ago(0), 'compact', NOW)).toBe('0 min ago');
    expect(formatRelativeTime(ago(59 * MIN + 59_000), 'compact', NOW)).toBe('59 min ago');
    expect(formatRelativeTime(ago(HOUR), 'compact', NOW)).toBe('1h ago');
    expect(formatRelativeTime(ago(23 * HOUR + 59 * MIN), 'compact', NOW)).toBe('23h ago');
    expect(formatRelativeTime(ago(DAY), 'compact', NOW)).toBe('1d ago');
    expect(formatRelativeTime(ago(40 * DAY), 'compact', NOW)).toBe('40d ago');
  });
  it('long style: just now, N minutes ago, N hours ago, N days ago', () => {
    expect(formatRelativeTime(ago(59_000), 'long', NOW)).toBe('just now');
    expect(formatRelativeTime(ago(MIN), 'long', NOW)).toBe('1 minutes ago');
    expect(formatRelativeTime(ago(5 * MIN), 'long', NOW)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(2 * HOUR), 'long', NOW)).toBe('2 hours ago');
    expect(formatRelativeTime(ago(3 * DAY), 'long', NOW)).toBe('3 days ago');
  });
  it('treats future instants as now', () => {
    expect(formatRelativeTime(NOW + HOUR, 'long', NOW)).toBe('just now');
    expect(formatRelativeTime(NOW + HOUR, 'compact', NOW)).toBe('0 min ago');
  });
  it('accepts ISO strings', () => {
    expect(formatRelativeTime('2025-06-01T09:00:00Z', 'compact', NOW)).toBe('3h ago');
  });
});

describe('text', () => {
  it('capitalises and title-cases', () => {
    expect(capitalize('critical')).toBe('Critical');
    expect(titleCase('high_risk_endpoint')).toBe('High Risk Endpoint');
  });
});

describe('risk bands', () => {
  it('cuts at 20, 50 and 80', () => {
    expect([0, 20, 21, 50, 51, 80, 81, 100].map(riskBand)).toEqual([
      'low',
      'low',
      'elevated',
      'elevated',
      'high',
      'high',
      'critical',
      'critical',
    ]);
    expect([20, 21, 50, 51, 80, 81].map(domainRiskLevel)).toEqual([
      'Low',
      'Medium',
      'Medium',
      'High',
      'High',
      'Critical',
    ]);
  });
  it('colours PII risk at 50 and 70', () => {
    expect([49, 50, 69, 70].map(piiRiskTone)).toEqual(['success', 'warning', 'warning', 'danger']);
  });
  it('colours domain high-risk counts at 5, 10 and 15', () => {
    expect([4, 5, 9, 10, 14, 15].map(highRiskCountTone)).toEqual([
      'success',
      'warning',
      'warning',
      'orange',
      'orange',
      'danger',
    ]);
  });
  it('clamps scores', () => {
    expect([-5, 50, 140, Number.NaN].map(clampScore)).toEqual([0, 50, 100, 0]);
  });
});
