import axe from 'axe-core';
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
  story?: { parameters: { visual?: { disable?: boolean }; a11y?: { disable?: boolean } } };
}

// addon-a11y fails a story on axe's violations, but a contrast check axe could not complete is no
// violation, so text nobody can read could pass unseen: a pseudo-element, gradient or image behind or over
// text (the table's edge shades once hid every cell this way). Those fail here. Left out, with their reason:
// text overlapped by a real element (a pinned column over cells scrolled under it, the edge shade over the
// last few pixels of a wide table: what shows there is the element on top, which axe checks in its own
// right), empty fields and icon-only glyphs, which have no text to measure.
const UNMEASURABLE_FOR_A_REASON = new Set([
  'bgOverlap',
  'elmPartiallyObscured',
  'elmPartiallyObscuring',
  'outsideViewport',
  'shortTextContent',
  'nonBmp',
  'emptyValue',
]);

afterEach(async (context) => {
  const { story } = context as typeof context & StoryContextOnTest;
  if (!story || story.parameters.a11y?.disable || context.task.result?.state === 'fail') return;
  const { incomplete } = await axe.run(document.body, { runOnly: ['color-contrast'] });
  const unmeasured = incomplete.flatMap((result) =>
    result.nodes.flatMap((node) => {
      const reasons = node.any.map((check) => (check.data as { messageKey?: string } | null)?.messageKey);
      if (reasons.some((reason) => reason !== undefined && UNMEASURABLE_FOR_A_REASON.has(reason))) return [];
      return [`${node.target.join(' ')}: ${node.any.map((check) => check.message).join('; ')}`];
    }),
  );
  expect(unmeasured, 'text whose contrast axe could not measure').toEqual([]);
});

afterEach(async (context) => {
  const { story } = context as typeof context & StoryContextOnTest;
  if (!inject('compareScreenshots')) return;
  if (!story || story.parameters.visual?.disable || context.task.result?.state === 'fail') return;
  await document.fonts.ready;
  await expect
    .element(page.elementLocator(document.body))
    .toMatchScreenshot({ screenshotOptions: { animations: 'disabled', caret: 'hide' } });
});
