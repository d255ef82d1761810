import type { ThemeName } from '@argus/ui';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

const STORAGE_KEY = 'argus-theme';

interface ThemeSwitch {
  theme: ThemeName;
  toggle: () => void;
}

const ThemeSwitchContext = createContext<ThemeSwitch>({ theme: 'light', toggle: () => {} });

function initialTheme(): ThemeName {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Light/dark choice: the system preference until the user picks one, then remembered. */
export function ThemeSwitchProvider({ children }: { children: (theme: ThemeName) => ReactNode }) {
  const [theme, setTheme] = useState<ThemeName>(initialTheme);
  const toggle = useCallback(() => {
    setTheme((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      globalThis.localStorage?.setItem(STORAGE_KEY, next);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ theme, toggle }), [theme, toggle]);
  return <ThemeSwitchContext.Provider value={value}>{children(theme)}</ThemeSwitchContext.Provider>;
}

export function useThemeSwitch(): ThemeSwitch {
  return useContext(ThemeSwitchContext);
}
