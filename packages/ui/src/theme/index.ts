export { ThemeProvider, type ThemeProviderProps } from './ThemeProvider.js';
export { GlobalStyle } from './GlobalStyle.js';
export { themeVariables, tones, type Tone, type ThemeName } from './tokens.js';
