import { vars } from '@cairn/tokens';
import { globalStyle, style } from '@vanilla-extract/css';
import { FORCED_FOCUS_RING } from '../styles/forcedColors.ts';

export const root = style({
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
  fontFamily: vars.font.body,
});

globalStyle(`${root} a`, { color: 'inherit', textDecoration: 'underline' });
globalStyle(`${root} a:focus-visible`, {
  outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
  ...FORCED_FOCUS_RING,
  outlineOffset: '1px',
});
globalStyle(`${root} p, ${root} ul, ${root} ol, ${root} pre`, { margin: 0 });
globalStyle(`${root} code, ${root} pre`, { fontFamily: vars.font.mono, fontSize: '0.92em' });
