// Shared scaffolding for page stories: a fresh SWR cache, toasts, a memory
// router at the page's URL and the app shell around the page, so each story
// shows the whole screen as a user sees it. Data comes from the story's
// `parameters.msw.handlers` (@argus/api/mocks).
import { createHandlers, type MockOptions } from '@argus/api/mocks';
import type { Decorator } from '@storybook/react-vite';
import { configure, expect, within } from 'storybook/test';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { DataProviders } from '../Providers.js';
import { ShellLayout } from '../shell/ShellLayout.js';

// Page stories wait on mocked network round trips and lazy chunks; on a busy CI
// machine (load 20 on 2 cores) the default 1 s for findBy*/waitFor is far too tight.
configure({ asyncUtilTimeout: 20_000 });

/** Where a navigation ended up (stories assert on it after clicking a link). */
function CurrentLocation() {
  const { pathname } = useLocation();
  return <p data-testid="navigated-to">Navigated to {pathname}</p>;
}

/** Renders the story at `url`, matched by the route pattern `path`, inside the shell (or alone). */
export function withPage(url: string, path: string = url, { shell = true } = {}): Decorator {
  return (Story) => (
    <DataProviders swr={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          {shell ? (
            <Route element={<ShellLayout />}>
              <Route path={path} element={<Story />} />
              <Route path="*" element={<CurrentLocation />} />
            </Route>
          ) : (
            <>
              <Route path={path} element={<Story />} />
              <Route path="*" element={<CurrentLocation />} />
            </>
          )}
        </Routes>
      </MemoryRouter>
    </DataProviders>
  );
}

/** Mock handlers for one story, on a small data set so screenshots stay small. */
export function mockApi(options: MockOptions = {}) {
  return { msw: { handlers: createHandlers({ endpointCount: 36, ...options }) } };
}

/**
 * Page stories fill the viewport. On docs pages each renders in its own iframe:
 * MSW answers a request with the handlers of the page that sent it, so stories
 * sharing one document would all see whichever story's handlers loaded last.
 */
export const pageParameters = {
  layout: 'fullscreen',
  docs: { story: { inline: false, iframeHeight: 760 } },
} as const;

/** A play function: each text turns up on the screen (waited for) and is visible. */
export function showsText(...texts: string[]) {
  return async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    for (const text of texts) await expect(await canvas.findByText(text)).toBeVisible();
  };
}

/** A screen on empty answers, showing `message`. */
export function emptyStory(message: string) {
  return { parameters: mockApi({ variant: 'empty' }), play: showsText(message) };
}

/** A screen whose calls fail (500 "Internal server error"), showing `message`. */
export function errorStory(message: string) {
  return { parameters: mockApi({ variant: 'error' }), play: showsText(message) };
}

/**
 * The screen on a 390 px phone: the sidebar is a Menu button, and nothing is
 * wider than the phone (wide tables scroll inside themselves).
 */
export function phoneStory(title: string) {
  return {
    parameters: { ...mockApi(), frameWidth: 390 },
    play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
      const canvas = within(canvasElement);
      await expect(await canvas.findByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(canvas.getByRole('button', { name: 'Menu' })).toBeVisible();
      const frame =
        canvasElement.closest('[data-frame-width]') ?? canvasElement.querySelector('[data-frame-width]');
      await expect(frame?.scrollWidth).toBeLessThanOrEqual(390);
    },
  };
}
