import {
  applyDisplayPreferences,
  COLOR_SCHEMES,
  CONTRASTS,
  DEFAULT_DISPLAY_PREFERENCES,
  DEFAULT_FONT_ID,
  FONT_IDS,
  FONT_SIZE_DELTA_MAX,
  FONT_SIZE_DELTA_MIN,
  FONTS,
  loadFont,
  measureFontScaleFactor,
  parseFontId,
  THEMES,
  themeClassName,
} from '@cairn/tokens';
import type { Decorator, Loader, Preview } from '@storybook/react-vite';
// Only the direction module: the whole index would load every component's code before each story.
import { DIRECTIONS, type Direction, DirectionProvider } from '../packages/ui/src/Direction/direction.ts';
import * as styles from './preview.css.ts';
// The panel gets this through @cairn/ui's index; stories import components directly.
import '@cairn/ui/icons.css';

const fontSizeDeltas = Array.from(
  { length: FONT_SIZE_DELTA_MAX - FONT_SIZE_DELTA_MIN + 1 },
  (_, index) => FONT_SIZE_DELTA_MIN + index,
);

// The font is loaded and measured before the story renders, so text never reflows mid-test and the
// scale factor in --cairn-font-scale is the real one for the chosen font.
const loadChosenFont: Loader = async ({ globals }) => {
  const font = parseFontId(globals.font) ?? DEFAULT_FONT_ID;
  await loadFont(font);
  return { fontScale: measureFontScaleFactor(font) };
};

// Applied on the document root rather than a wrapper so that portals (toasts, dialogs, menus) are
// themed too, the same way the panel applies the user's preferences.
const withDisplayPreferences: Decorator = (Story, { globals, loaded }) => {
  applyDisplayPreferences(document.documentElement, {
    theme: globals.theme,
    colorScheme: globals.colorScheme,
    font: globals.font,
    fontSizeDelta: Number(globals.fontSizeDelta),
    fontScale: loaded.fontScale,
    contrast: globals.contrast,
  });
  const direction: Direction = globals.direction === 'rtl' ? 'rtl' : 'ltr';
  document.documentElement.dir = direction;
  return (
    <DirectionProvider dir={direction}>
      <Story />
    </DirectionProvider>
  );
};

// Every scheme x theme the tokens define, so a scheme added there shows up in the grid with no edit here.
const COMBOS = COLOR_SCHEMES.flatMap((colorScheme) => THEMES.map((theme) => ({ colorScheme, theme })));
const COMBO_MODES = ['one', 'all'] as const;

/** Rendering a story in every scheme x theme at once can be switched off per story or meta. */
interface CombosParameter {
  disable?: boolean;
}

// Each cell wears its own scheme x theme class, under the toolbar's contrast, so the story inside resolves every
// token to that combination's real value; the root keeps the toolbar's font and size, which the scheme classes
// inherit. Portals (dialogs, toasts, menus) render under the root and so show the toolbar's combination, not the
// cell's.
const withAllCombos: Decorator = (Story, { globals, parameters }) => {
  const combos = parameters.combos as CombosParameter | undefined;
  if (globals.combos !== 'all' || combos?.disable) return <Story />;
  const contrast = globals.contrast === 'more' ? 'more' : 'standard';
  return (
    <div className={styles.comboGrid}>
      {COMBOS.map(({ colorScheme, theme }) => {
        const labelId = `cairn-combo-${colorScheme}-${theme}`;
        return (
          <section
            key={labelId}
            aria-labelledby={labelId}
            className={`${themeClassName(colorScheme, theme, contrast)} ${styles.comboCell}`}
            // Native controls and scrollbars inside follow the cell's theme, not the root's.
            style={{ colorScheme: theme }}
            data-color-scheme={colorScheme}
            data-theme={theme}
          >
            <div id={labelId} className={styles.comboLabel}>
              {colorScheme} {theme}
            </div>
            <Story />
          </section>
        );
      })}
    </div>
  );
};

const preview: Preview = {
  // A docs page for every component: its description, a props table read from its types, and its stories.
  tags: ['autodocs'],
  globalTypes: {
    theme: {
      description: 'Light or dark theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: THEMES.map((theme) => ({ value: theme, title: theme })),
        dynamicTitle: true,
      },
    },
    colorScheme: {
      description: 'Colour scheme',
      toolbar: {
        title: 'Scheme',
        icon: 'paintbrush',
        items: COLOR_SCHEMES.map((scheme) => ({ value: scheme, title: scheme })),
        dynamicTitle: true,
      },
    },
    contrast: {
      description: 'Contrast: standard, or the high-contrast palette over the chosen scheme',
      toolbar: {
        title: 'Contrast',
        icon: 'contrast',
        items: CONTRASTS.map((contrast) => ({
          value: contrast,
          title: contrast === 'more' ? 'More (high contrast)' : 'Standard',
        })),
        dynamicTitle: true,
      },
    },
    font: {
      description: 'Panel font',
      toolbar: {
        title: 'Font',
        icon: 'paragraph',
        items: FONT_IDS.map((id) => ({ value: id, title: FONTS[id].label })),
        dynamicTitle: true,
      },
    },
    fontSizeDelta: {
      description: 'Font size delta in px',
      toolbar: {
        title: 'Size delta',
        icon: 'zoom',
        items: fontSizeDeltas.map((delta) => ({
          value: String(delta),
          title: `${delta > 0 ? '+' : ''}${delta} px`,
        })),
        dynamicTitle: true,
      },
    },
    combos: {
      description: 'Render the story once, or once per colour scheme x theme side by side',
      toolbar: {
        title: 'Combos',
        icon: 'grid',
        items: COMBO_MODES.map((mode) => ({
          value: mode,
          title: mode === 'one' ? 'One combo (toolbar)' : 'All schemes x themes',
        })),
        dynamicTitle: true,
      },
    },
    direction: {
      description: 'Writing direction',
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        items: DIRECTIONS.map((direction) => ({
          value: direction,
          title: direction === 'ltr' ? 'Left to right' : 'Right to left',
        })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: {
    combos: 'one',
    direction: 'ltr',
    theme: DEFAULT_DISPLAY_PREFERENCES.theme,
    colorScheme: DEFAULT_DISPLAY_PREFERENCES.colorScheme,
    contrast: DEFAULT_DISPLAY_PREFERENCES.contrast,
    font: DEFAULT_DISPLAY_PREFERENCES.font,
    fontSizeDelta: String(DEFAULT_DISPLAY_PREFERENCES.fontSizeDelta),
  },
  loaders: [loadChosenFont],
  // Listed first, so it runs inside the root's preferences and direction.
  decorators: [withAllCombos, withDisplayPreferences],
  parameters: {
    // The theme paints the canvas; Storybook's own backgrounds would hide it.
    backgrounds: { disabled: true },
    // Accessibility violations fail the story's test, not just show in the panel.
    a11y: { test: 'error' },
    layout: 'padded',
    // Chromatic snapshots every story in each scheme x theme, as the screenshot tests measure their contrast.
    chromatic: {
      modes: Object.fromEntries(
        COLOR_SCHEMES.flatMap((colorScheme) =>
          THEMES.map((theme) => [`${colorScheme} ${theme}`, { colorScheme, theme }]),
        ),
      ),
    },
    options: {
      // Foundations first, then components by what they do, then the panel's pages built from them.
      storySort: {
        order: [
          'Introduction',
          'Tokens',
          'Controls',
          'Display',
          'Feedback',
          'Layout',
          'Navigation',
          'Overlays',
          'Data',
          'Pages',
        ],
      },
    },
  },
};

export default preview;
