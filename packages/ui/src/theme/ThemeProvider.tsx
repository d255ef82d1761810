import type { ReactNode } from 'react';
import { TooltipProvider } from '../Tooltip/Tooltip.js';
import { GlobalStyle } from './GlobalStyle.js';
import type { ThemeName } from './tokens.js';

export interface ThemeProviderProps {
  /** Which token set goes on `:root`. */
  theme?: ThemeName;
  children?: ReactNode;
}

/**
 * Global styles plus the CSS variables of the chosen theme, and the tooltip
 * provider (700 ms delay, 300 ms skip delay) every app needs once.
 */
export function ThemeProvider({ theme = 'light', children }: ThemeProviderProps) {
  return (
    <>
      <GlobalStyle $theme={theme} />
      <TooltipProvider>{children}</TooltipProvider>
    </>
  );
}
