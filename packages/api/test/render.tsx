// What the hook tests share: a fresh cache per render with the product's preset,
// and a read that waits for the answer (and throws the error when there is one).
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { ApiProvider } from '../src/hooks/index.js';

export const wrapper = ({ children }: { children: ReactNode }) => (
  <ApiProvider value={{ provider: () => new Map() }}>{children}</ApiProvider>
);

export async function read<T>(use: () => { data?: T; error?: Error; isLoading: boolean }): Promise<T> {
  const { result } = renderHook(use, { wrapper });
  await waitFor(() => expect(result.current.isLoading).toBe(false));
  if (result.current.error) throw result.current.error;
  return result.current.data as T;
}
