'use client';

import { createGlobalStyle } from 'styled-components';
import { cssVariables, scales, themeVariables, type ThemeName } from './tokens.js';

const lightVars = cssVariables(themeVariables('light'));
const darkVars = cssVariables(themeVariables('dark'));

/**
 * Writes the tokens of the chosen theme on `:root` (so Radix portals get them
 * too) and lets any subtree opt into the other theme with `data-theme`.
 */
export const GlobalStyle = createGlobalStyle<{ $theme: ThemeName }>`
  :root {
    ${cssVariables(scales)}
    ${(p) => (p.$theme === 'dark' ? darkVars : lightVars)}
    color-scheme: ${(p) => p.$theme};
  }
  [data-theme='light'] { ${lightVars} color-scheme: light; }
  [data-theme='dark'] { ${darkVars} color-scheme: dark; }

  *, *::before, *::after { box-sizing: border-box; }

  body {
    margin: 0;
    background: var(--color-bg);
    color: var(--color-fg);
    font-family: var(--font-sans);
    font-size: var(--font-size-md);
    line-height: var(--line-height);
    -webkit-font-smoothing: antialiased;
  }

  :focus-visible {
    outline: 2px solid var(--color-focus-ring);
    outline-offset: 2px;
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0s !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0s !important;
    }
  }
`;
