import { FORCED_COLORS_QUERY } from '@cairn/tokens';
import type { CSSProperties, StyleRule } from '@vanilla-extract/css';

/**
 * What a style does in forced-colors mode (Windows contrast themes), where the system repaints every colour
 * with a few of its own. Text, borders and outlines (so the focus rings) take those colours and stay
 * visible, but every background becomes Canvas: a part drawn only as a filled shape (a selected tab's
 * underline, a radio's dot, a switch, a progress fill, a highlighted menu item) would vanish. Such parts
 * opt out of the repaint and paint themselves in the system colour of their role instead. The system colour
 * keywords (Highlight, CanvasText, ...) name a role, not a colour, which is why check-styles lets them
 * through while it refuses colour literals.
 */
export function forcedColors(rule: StyleRule): Pick<StyleRule, '@media'> {
  return { '@media': { [FORCED_COLORS_QUERY]: rule } };
}

/** A shape whose fill is the information (how far, which one is on): the system's selection colour. */
export const FORCED_FILL: CSSProperties = { forcedColorAdjust: 'none', background: 'Highlight' };

/** A chosen or highlighted item with text on it: the system's selection colours. */
export const FORCED_SELECTED: CSSProperties = {
  forcedColorAdjust: 'none',
  background: 'Highlight',
  color: 'HighlightText',
};

/**
 * Spread into a `:focus-visible` rule: the focus ring in the system's selection colour. The system would
 * repaint the themed ring in a text colour of its choosing, indistinguishable from borders; Highlight is
 * the colour the user's contrast theme gives to "this is where you are".
 */
export const FORCED_FOCUS_RING: Pick<StyleRule, '@media'> = forcedColors({ outlineColor: 'Highlight' });
