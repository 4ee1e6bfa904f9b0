import {
  applyDisplayPreferences,
  COLOR_SCHEMES,
  cssVariables,
  DEFAULT_DISPLAY_PREFERENCES,
  DEFAULT_FONT_ID,
  parseFontId,
  THEMES,
} from '@cairn/tokens';
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
  story?: {
    parameters: {
      visual?: { disable?: boolean };
      a11y?: { disable?: boolean };
      schemeSweep?: { disable?: boolean };
    };
  };
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

/** Text axe could not measure for a reason that is not one of those above, one line each. */
function unmeasuredText(incomplete: axe.Result[]): string[] {
  return incomplete.flatMap((result) =>
    result.nodes.flatMap((node) => {
      const reasons = node.any.map((check) => (check.data as { messageKey?: string } | null)?.messageKey);
      if (reasons.some((reason) => reason !== undefined && UNMEASURABLE_FOR_A_REASON.has(reason))) return [];
      return [`${node.target.join(' ')}: ${node.any.map((check) => check.message).join('; ')}`];
    }),
  );
}

// The rules a colour scheme or theme can change the outcome of; names, roles and structure are the same
// in every scheme, and addon-a11y has run every rule under the story's own globals.
const { colorScheme: DEFAULT_COLOR_SCHEME, theme: DEFAULT_THEME } = DEFAULT_DISPLAY_PREFERENCES;

const RULES_A_SCHEME_CHANGES = ['color-contrast', 'link-in-text-block'];

// Every scheme x theme, and the high-contrast palette in both themes. Its colours are the same over every
// scheme, so one scheme under it stands for all three.
const SWEPT_COMBOS = [
  ...COLOR_SCHEMES.flatMap((colorScheme) =>
    THEMES.map((theme) => ({ colorScheme, theme, contrast: 'standard' as const })),
  ),
  ...THEMES.map((theme) => ({ colorScheme: DEFAULT_COLOR_SCHEME, theme, contrast: 'more' as const })),
];

// Registered first, so it runs after the screenshot and the checks below (after-hooks run as a stack): every
// story is measured again under each other scheme x theme the toolbar offers and under high contrast, on the same rendered DOM,
// so a scheme nobody looked at cannot ship unreadable text. Stories drawn under another scheme or theme are
// that combination's own check and are not swept again, nor are stories that set `schemeSweep: { disable:
// true }` because a sibling story stands for each combination (the page stories); nor is the sweep over other
// globals (CAIRN_STORY_GLOBALS), which runs every rule there.
afterEach(async (context) => {
  const { story } = context as typeof context & StoryContextOnTest;
  if (!inject('compareScreenshots')) return;
  if (!story || story.parameters.a11y?.disable || context.task.result?.state === 'fail') return;
  if (story.parameters.schemeSweep?.disable) return;
  const root = document.documentElement;
  const own = {
    className: root.className,
    style: root.getAttribute('style') ?? '',
    dataset: { ...root.dataset },
  };
  if (own.dataset.colorScheme !== DEFAULT_COLOR_SCHEME || own.dataset.theme !== DEFAULT_THEME) return;
  if (own.dataset.contrast === 'more') return;
  const problems: string[] = [];
  try {
    for (const { colorScheme, theme, contrast } of SWEPT_COMBOS) {
      if (colorScheme === own.dataset.colorScheme && theme === own.dataset.theme && contrast === 'standard')
        continue;
      applyDisplayPreferences(root, {
        colorScheme,
        theme,
        contrast,
        font: parseFontId(own.dataset.font) ?? DEFAULT_FONT_ID,
        fontSizeDelta: Number(root.style.getPropertyValue(cssVariables.fontSizeDelta)),
        fontScale: Number(root.style.getPropertyValue(cssVariables.fontScale)),
      });
      await new Promise(requestAnimationFrame);
      const { violations, incomplete } = await axe.run(document.body, { runOnly: RULES_A_SCHEME_CHANGES });
      const found = [
        ...violations.flatMap((result) =>
          result.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? result.help}`),
        ),
        ...unmeasuredText(incomplete.filter((result) => result.id === 'color-contrast')),
      ];
      problems.push(...found.map((line) => `${colorScheme}/${theme}/${contrast}: ${line}`));
    }
  } finally {
    root.className = own.className;
    root.setAttribute('style', own.style);
    for (const key of Object.keys(root.dataset)) delete root.dataset[key];
    Object.assign(root.dataset, own.dataset);
  }
  expect(problems, 'contrast under the other schemes and themes').toEqual([]);
});

afterEach(async (context) => {
  const { story } = context as typeof context & StoryContextOnTest;
  if (!story || story.parameters.a11y?.disable || context.task.result?.state === 'fail') return;
  const { incomplete } = await axe.run(document.body, { runOnly: ['color-contrast'] });
  expect(unmeasuredText(incomplete), 'text whose contrast axe could not measure').toEqual([]);
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
