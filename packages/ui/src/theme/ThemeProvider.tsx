'use client';

import type { ReactNode } from 'react';
import { GlobalStyle } from './GlobalStyle.js';
import type { ThemeName } from './tokens.js';

export interface ThemeProviderProps {
  /** Which token set goes on `:root`. */
  theme?: ThemeName;
  /** The app, styled with the theme's variables. */
  children?: ReactNode;
}

/**
 * Global styles plus the CSS variables of the chosen theme. Tooltips are not
 * included (add `TooltipProvider` once to share their delays), so an app that
 * shows none does not bundle them.
 */
export function ThemeProvider({ theme = 'light', children }: ThemeProviderProps) {
  return (
    <>
      <GlobalStyle $theme={theme} />
      {children}
    </>
  );
}
