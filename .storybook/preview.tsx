import type { Decorator, Preview } from '@storybook/react-vite';
import { FIXTURE_NOW } from '@argus/api/mocks';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { ThemeProvider, TooltipProvider, type ThemeName } from '../packages/ui/src/index.js';
import '../apps/dashboard/src/fonts.js';
import { installClock } from './clock.js';

const withTheme: Decorator = (Story, context) => {
  const theme: ThemeName = context.globals['theme'] === 'dark' ? 'dark' : 'light';
  return (
    <ThemeProvider theme={theme}>
      <TooltipProvider>
        <Story />
      </TooltipProvider>
    </ThemeProvider>
  );
};

/**
 * `parameters.frameWidth` (px) renders the story in a frame that wide: the
 * shell and pages lay out by their container's width, so a 390 px frame shows
 * the phone layout inside the desktop test viewport.
 */
const withFrameWidth: Decorator = (Story, { parameters }) => {
  const width = parameters['frameWidth'];
  if (typeof width !== 'number') return <Story />;
  return (
    <div data-frame-width={width} style={{ width }}>
      <Story />
    </div>
  );
};

// msw tells its worker on `beforeunload` that this page closed, and Chromium fires that event on a
// page it keeps in its back/forward cache too: restored by Back (the canvas opened in the same tab,
// then Back), the story's requests passed through unmocked (404 in the static Storybook). A restored
// page is reloaded so the worker takes it again.
if (typeof window !== 'undefined')
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) window.location.reload();
  });

// msw's worker unregisters itself when the page it takes for its last client says, on `beforeunload`,
// that it closes. Leaving the canvas opened in the same tab for the manager (Back) races that: the
// next canvas can be controlled by the worker being unregistered, which passes every request through
// unmocked (404 in the static Storybook; seen under load in CI). The preview keeps its worker: the
// listener, added before msw's, stops the message being sent.
if (typeof window !== 'undefined')
  window.addEventListener('beforeunload', (event) => event.stopImmediatePropagation());

const preview: Preview = {
  tags: ['autodocs'],
  decorators: [withFrameWidth, withTheme],
  // MSW: handlers come from each story's `parameters.msw` (e.g. from @argus/api/mocks).
  loaders: [mswLoader()],
  // Every story sees the fixtures' "now" (2025-06-01T12:00:00Z); opt out with `parameters: { fixedNow: false }`.
  beforeEach: ({ parameters }) => {
    if (parameters['fixedNow'] === false) return undefined;
    return installClock(typeof parameters['fixedNow'] === 'number' ? parameters['fixedNow'] : FIXTURE_NOW);
  },
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'padded',
    // Storybook opens on the first entry: the Introduction, then the foundations.
    options: {
      storySort: {
        order: [
          'Introduction',
          'Foundations',
          'Inputs',
          'Overlays',
          'Feedback',
          'Data display',
          'Layout',
          'Charts',
          'Pages',
        ],
      },
    },
    controls: { expanded: true, matchers: { color: /(background|color)$/i, date: /Date$/ } },
    a11y: {
      // Any axe violation fails the story test.
      test: 'error',
      // The ONLY place for axe rule exceptions; each needs a reason.
      config: {
        rules: [
          {
            // While a Radix Select/Dialog is open, Radix marks everything outside it
            // aria-hidden (data-aria-hidden) and traps focus inside the overlay, so the
            // focusable trigger behind it cannot be reached. axe still flags that hidden
            // background; the rule keeps checking every other element.
            id: 'aria-hidden-focus',
            selector: '[aria-hidden="true"]:not([data-aria-hidden="true"])',
          },
        ],
      },
    },
  },
};

export default preview;
