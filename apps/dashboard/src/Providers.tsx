import { ApiError, paths } from '@argus/api';
import { ApiProvider } from '@argus/api/hooks';
import { ThemeProvider, ToastProvider, TooltipProvider, type ThemeName } from '@argus/ui';
import type { ReactNode } from 'react';
import { mutate as globalMutate, type SWRConfiguration } from 'swr';

/** A 401 on any read means the session ended: forget the user so the app asks to sign in again. */
function onError(error: unknown, key: string) {
  if (error instanceof ApiError && error.status === 401 && key !== paths.me()) {
    void globalMutate(paths.me(), null, { revalidate: false });
  }
}

export interface DataProvidersProps {
  children: ReactNode;
  /** Extra SWR options; stories pass `provider: () => new Map()` for a fresh cache. */
  swr?: SWRConfiguration;
}

/** Toasts and the SWR preset (stories add these under Storybook's own theme decorator). */
export function DataProviders({ children, swr }: DataProvidersProps) {
  return (
    <ToastProvider>
      <ApiProvider value={{ onError, ...swr }}>{children}</ApiProvider>
    </ToastProvider>
  );
}

/** Theme (CSS variables, tooltips), toasts and the SWR preset, in the order every screen needs them. */
export function Providers({ children, theme = 'light', swr }: DataProvidersProps & { theme?: ThemeName }) {
  return (
    <ThemeProvider theme={theme}>
      <TooltipProvider>
        <DataProviders swr={swr}>{children}</DataProviders>
      </TooltipProvider>
    </ThemeProvider>
  );
}
