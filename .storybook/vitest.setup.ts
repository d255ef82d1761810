// Vitest-only setup for the `storybook` project (never loaded by the Storybook UI):
// animations off, then every passing story is compared with its committed light and
// dark reference screenshots (__screenshots__ next to the stories file).
//
// Story parameters:
//   screenshot: false        skip the visual comparison (use sparingly, say why)
//   screenshot: 'viewport'   capture the whole viewport (overlays, toasts)
//   layout: 'fullscreen'     pages: whole viewport, no padding
import type { StoryContext } from '@storybook/react-vite';
import axe from 'axe-core';
import { afterEach, beforeAll, expect } from 'vitest';
import { page } from 'vitest/browser';
import '../apps/dashboard/src/fonts.js';

const SHIPPED_FONTS = ['Inter', 'JetBrains Mono'];

/**
 * Loads every face (weights and subsets) of the shipped fonts. A layout first: the
 * fonts' stylesheet can be re-inserted between story files (new, unloaded faces),
 * and only a style update connects its @font-face rules to `document.fonts`.
 */
async function loadShippedFonts(): Promise<void> {
  document.body.getBoundingClientRect();
  const faces = [...document.fonts].filter((face) =>
    SHIPPED_FONTS.includes(face.family.replace(/["']/g, '')),
  );
  if (faces.length === 0)
    throw new Error('No Inter or JetBrains Mono face: apps/dashboard/src/fonts.ts was not loaded');
  await Promise.all(faces.map((face) => face.load()));
  await document.fonts.ready;
}

// Before any story renders: charts (recharts) measure tick labels once, so a face
// that arrives later would leave text laid out with the fallback font's widths.
beforeAll(loadShippedFonts);

beforeAll(() => {
  const style = document.createElement('style');
  style.dataset['testOnly'] = '';
  style.textContent = `*, *::before, *::after {
    animation: none !important;
    transition: none !important;
    caret-color: transparent !important;
  }`;
  document.head.append(style);
});

/** The element holding the rendered story (Storybook's own wrappers carry `sb-wrapper`). */
function storyRoots(): HTMLElement[] {
  return [...document.body.children].filter(
    (el): el is HTMLElement => el instanceof HTMLDivElement && !el.classList.contains('sb-wrapper'),
  );
}

async function expectDarkContrast() {
  const result = await axe.run(document.body, { runOnly: ['color-contrast'], resultTypes: ['violations'] });
  const problems = result.violations.flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`),
  );
  expect(problems, 'colour contrast in the dark theme').toEqual([]);
}

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') return;
  const story = (context as unknown as { story?: StoryContext }).story;
  const parameters = story?.parameters ?? {};
  if (parameters['screenshot'] === false) return;

  const roots = storyRoots();
  const [storyRoot] = roots;
  // Portalled overlays (dialogs, menus, tooltips) live outside the story root.
  const wholePage =
    !storyRoot ||
    roots.length > 1 ||
    parameters['layout'] === 'fullscreen' ||
    parameters['screenshot'] === 'viewport';
  const target = wholePage ? document.body : storyRoot;
  if (!wholePage) storyRoot.style.padding = '16px';

  await loadShippedFonts();
  const name = context.task.name.replace(/[^\w-]+/g, '-');
  const html = document.documentElement;
  try {
    for (const theme of ['light', 'dark'] as const) {
      html.dataset['theme'] = theme;
      // addon-a11y already ran every axe rule in the light theme; check contrast in dark too.
      if (theme === 'dark' && parameters['a11y']?.test !== 'off') await expectDarkContrast();
      await expect.element(page.elementLocator(target)).toMatchScreenshot(`${name}-${theme}`);
    }
  } finally {
    delete html.dataset['theme'];
    if (!wholePage) storyRoot.style.removeProperty('padding');
  }
});
