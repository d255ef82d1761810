/**
 * Design tokens. Components only ever read `var(--…)`; these maps define the
 * values per theme, and `GlobalStyle` writes them as CSS custom properties.
 */
export type ThemeName = 'light' | 'dark';

/** Tones shared by badges, bars, dots and buttons. */
export const tones = [
  'neutral',
  'primary',
  'info',
  'success',
  'warning',
  'orange',
  'danger',
  'purple',
] as const;
export type Tone = (typeof tones)[number];

type ToneColours = { bg: string; fg: string; solid: string };

const lightTones: Record<Tone, ToneColours> = {
  neutral: { bg: '#f1f5f9', fg: '#334155', solid: '#64748b' },
  primary: { bg: '#e0e7ff', fg: '#3730a3', solid: '#4f46e5' },
  info: { bg: '#e0f2fe', fg: '#075985', solid: '#0284c7' },
  success: { bg: '#dcfce7', fg: '#166534', solid: '#16a34a' },
  warning: { bg: '#fef9c3', fg: '#854d0e', solid: '#eab308' },
  orange: { bg: '#ffedd5', fg: '#9a3412', solid: '#f97316' },
  danger: { bg: '#fee2e2', fg: '#991b1b', solid: '#dc2626' },
  purple: { bg: '#f3e8ff', fg: '#6b21a8', solid: '#9333ea' },
};

const darkTones: Record<Tone, ToneColours> = {
  neutral: { bg: '#1e293b', fg: '#cbd5e1', solid: '#94a3b8' },
  primary: { bg: '#1e1b4b', fg: '#c7d2fe', solid: '#818cf8' },
  info: { bg: '#082f49', fg: '#bae6fd', solid: '#38bdf8' },
  success: { bg: '#052e16', fg: '#bbf7d0', solid: '#22c55e' },
  warning: { bg: '#422006', fg: '#fef08a', solid: '#facc15' },
  orange: { bg: '#431407', fg: '#fed7aa', solid: '#fb923c' },
  danger: { bg: '#450a0a', fg: '#fecaca', solid: '#f87171' },
  purple: { bg: '#3b0764', fg: '#e9d5ff', solid: '#c084fc' },
};

const base = {
  light: {
    'color-bg': '#f8fafc',
    'color-surface': '#ffffff',
    'color-surface-muted': '#f1f5f9',
    'color-surface-hover': '#f1f5f9',
    'color-border': '#e2e8f0',
    'color-border-strong': '#cbd5e1',
    'color-fg': '#0f172a',
    'color-fg-muted': '#475569',
    'color-accent-fg': '#4338ca',
    'color-accent-emphasis': '#4f46e5',
    'color-accent-emphasis-hover': '#4338ca',
    'color-on-emphasis': '#ffffff',
    'color-danger-emphasis': '#dc2626',
    'color-danger-emphasis-hover': '#b91c1c',
    'color-danger-fg': '#b91c1c',
    'color-success-fg': '#15803d',
    'color-focus-ring': '#6366f1',
    'color-overlay': 'rgba(15, 23, 42, 0.55)',
    'color-skeleton': '#e2e8f0',
    'shadow-sm': '0 1px 2px rgba(15, 23, 42, 0.06)',
    'shadow-md': '0 4px 12px rgba(15, 23, 42, 0.08)',
    'shadow-lg': '0 12px 32px rgba(15, 23, 42, 0.18)',
  },
  dark: {
    'color-bg': '#020617',
    'color-surface': '#0f172a',
    'color-surface-muted': '#1e293b',
    'color-surface-hover': '#1e293b',
    'color-border': '#1e293b',
    'color-border-strong': '#334155',
    'color-fg': '#f1f5f9',
    'color-fg-muted': '#94a3b8',
    'color-accent-fg': '#a5b4fc',
    'color-accent-emphasis': '#4f46e5',
    'color-accent-emphasis-hover': '#4338ca',
    'color-on-emphasis': '#ffffff',
    'color-danger-emphasis': '#dc2626',
    'color-danger-emphasis-hover': '#b91c1c',
    'color-danger-fg': '#fca5a5',
    'color-success-fg': '#4ade80',
    'color-focus-ring': '#818cf8',
    'color-overlay': 'rgba(2, 6, 23, 0.7)',
    'color-skeleton': '#1e293b',
    'shadow-sm': '0 1px 2px rgba(0, 0, 0, 0.4)',
    'shadow-md': '0 4px 12px rgba(0, 0, 0, 0.45)',
    'shadow-lg': '0 12px 32px rgba(0, 0, 0, 0.6)',
  },
} satisfies Record<ThemeName, Record<string, string>>;

/** Theme-independent scales. */
export const scales: Record<string, string> = {
  'space-1': '4px',
  'space-2': '8px',
  'space-3': '12px',
  'space-4': '16px',
  'space-5': '20px',
  'space-6': '24px',
  'space-8': '32px',
  'radius-sm': '4px',
  'radius-md': '6px',
  'radius-lg': '10px',
  'radius-full': '9999px',
  'font-sans':
    "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  'font-mono':
    "'JetBrains Mono', ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
  'font-size-xs': '12px',
  'font-size-sm': '13px',
  'font-size-md': '14px',
  'font-size-lg': '16px',
  'font-size-xl': '20px',
  'font-size-2xl': '28px',
  'font-weight-normal': '400',
  'font-weight-medium': '500',
  'font-weight-semibold': '600',
  'font-weight-bold': '700',
  'line-height': '1.5',
  'duration-fast': '120ms',
  'duration-normal': '200ms',
};

/** The CSS custom properties of one theme, as `name → value` (without the leading `--`). */
export function themeVariables(theme: ThemeName): Record<string, string> {
  const toneMap = theme === 'light' ? lightTones : darkTones;
  const vars: Record<string, string> = { ...base[theme] };
  for (const tone of tones) {
    vars[`tone-${tone}-bg`] = toneMap[tone].bg;
    vars[`tone-${tone}-fg`] = toneMap[tone].fg;
    vars[`tone-${tone}-solid`] = toneMap[tone].solid;
  }
  return vars;
}

/** `--name: value;` declarations, for use inside a CSS rule. */
export function cssVariables(vars: Record<string, string>): string {
  return Object.entries(vars)
    .map(([name, value]) => `--${name}: ${value};`)
    .join('\n');
}
