import { afterEach, expect, inject } from 'vitest';
import { page } from 'vitest/browser';

// Visual regression for every story: after a story rendered (and passed its play function and a11y
// check), the whole document is compared with the committed baseline next to the stories file, in
// `__screenshots__/<file without .stories.tsx>/<story>-1-chromium-linux.png`.
//
// New or changed story? Produce its baseline with
//   npx vitest run --project storybook packages/ui/src/Button -u   (the filter before -u: -u takes a value)
// (the trailing filter limits the run to those stories files), look at the PNG, and commit it.
// With CI=true a missing baseline fails the run instead of being written.
//
// A story that cannot be pixel-stable opts out with `parameters: { visual: { disable: true } }`.

// Frozen motion: a screenshot must not depend on when during a transition it was taken.
const freezeMotion = document.createElement('style');
freezeMotion.textContent = `
  *, *::before, *::after {
    animation: none !important;
    transition: none !important;
    caret-color: transparent !important;
  }
  /* The document is the screenshot: at least one viewport tall, so fixed portals (toasts) are in it. */
  html { min-height: 100vh; }
  /* A textarea's resize grip is drawn by Chromium itself, differently from one build to the next
     (156.0.8078.73 and .108 differ by its pixels alone): left out, so a browser update fails no story. */
  textarea::-webkit-resizer { display: none; }
`;
document.head.append(freezeMotion);

declare module 'vitest' {
  interface ProvidedContext {
    /** False in the accessibility sweep over other themes, which has no baselines. */
    compareScreenshots: boolean;
  }
}

interface StoryContextOnTest {
  story?: { parameters: { visual?: { disable?: boolean } } };
}

afterEach(async (context) => {
  const { story } = context as typeof context & StoryContextOnTest;
  if (!inject('compareScreenshots')) return;
  if (!story || story.parameters.visual?.disable || context.task.result?.state === 'fail') return;
  await document.fonts.ready;
  await expect
    .element(page.elementLocator(document.body))
    .toMatchScreenshot({ screenshotOptions: { animations: 'disabled', caret: 'hide' } });
});
