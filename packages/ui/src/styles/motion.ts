import { REDUCED_MOTION_QUERY } from '@cairn/tokens';
import type { CSSProperties, StyleRule } from '@vanilla-extract/css';

/** What a moving element does under reduced motion unless it says otherwise: it stops moving. */
const STILL: CSSProperties = { animation: 'none', transition: 'none' };

function moves(rule: CSSProperties): boolean {
  return [rule.animation, rule.animationName, rule.transition, rule.transitionProperty].some(
    (value) => value !== undefined && value !== 'none',
  );
}

/**
 * Every style in ui that animates or transitions goes through this, so `prefers-reduced-motion: reduce`
 * is answered in one place: the element, and each of its selectors that moves, gets `reduced` (by default
 * no animation and no transition) inside the media query. States still change, only instantly. Pass
 * `reduced` for motion that carries meaning, such as a spinner, which slows down rather than freezing
 * into a shape that reads as a hung page.
 */
export function motionSafe(rule: StyleRule, reduced: CSSProperties = STILL): StyleRule {
  const selectors = Object.fromEntries(
    Object.entries(rule.selectors ?? {})
      .filter(([, selectorRule]) => moves(selectorRule))
      .map(([selector]) => [selector, reduced]),
  );
  const query: StyleRule = {
    ...(moves(rule) ? reduced : {}),
    ...(Object.keys(selectors).length > 0 ? { selectors } : {}),
  };
  return { ...rule, '@media': { ...rule['@media'], [REDUCED_MOTION_QUERY]: query } };
}

/** For motion started from script (a smooth scroll), which no media query in a style can stop. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}
