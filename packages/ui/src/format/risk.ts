import type { Tone } from '../theme/tokens.js';

/** Dashboard/list risk bands: 0–20 low, 21–50 elevated, 51–80 high, 81–100 critical. */
export type RiskBand = 'low' | 'elevated' | 'high' | 'critical';

export const riskBandTone: Record<RiskBand, Tone> = {
  low: 'success',
  elevated: 'warning',
  high: 'orange',
  critical: 'danger',
};

export function riskBand(score: number): RiskBand {
  if (score <= 20) return 'low';
  if (score <= 50) return 'elevated';
  if (score <= 80) return 'high';
  return 'critical';
}

/** Domain risk level labels at the same cut points: Low, Medium, High, Critical. */
export type DomainRiskLabel = 'Low' | 'Medium' | 'High' | 'Critical';

export function domainRiskLevel(score: number): DomainRiskLabel {
  if (score <= 20) return 'Low';
  if (score <= 50) return 'Medium';
  if (score <= 80) return 'High';
  return 'Critical';
}

/** PII risk colour: ≥70 red, 50–69 yellow, <50 green. */
export function piiRiskTone(score: number): Tone {
  if (score >= 70) return 'danger';
  if (score >= 50) return 'warning';
  return 'success';
}

/** Domain high-risk count colour: ≥15 red, 10–14 high (orange), 5–9 yellow, <5 low (green). */
export function highRiskCountTone(count: number): Tone {
  if (count >= 15) return 'danger';
  if (count >= 10) return 'orange';
  if (count >= 5) return 'warning';
  return 'success';
}

/** Clamp a score to 0–100 for widths and labels. */
export function clampScore(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(100, Math.max(0, score));
}
