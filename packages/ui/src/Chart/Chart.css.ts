import { vars } from '@cairn/tokens';
import { globalStyle, style } from '@vanilla-extract/css';

export const root = style({
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  minWidth: 0,
});

export const plot = style({ position: 'relative', width: '100%', overflow: 'hidden' });

// The parts of uPlot's own stylesheet the chart needs (its canvas under a pointer overlay), written here
// so the picture does not wait for a second stylesheet and follows the theme's colours.
globalStyle(`${plot} *`, { boxSizing: 'border-box' });
globalStyle(`${plot} .u-wrap`, { position: 'relative', userSelect: 'none' });
globalStyle(`${plot} .u-axis`, { position: 'absolute' });
globalStyle(`${plot} .u-over, ${plot} .u-under`, { position: 'absolute' });
globalStyle(`${plot} .u-under`, { overflow: 'hidden' });
globalStyle(`${plot} canvas`, { display: 'block', position: 'relative', width: '100%', height: '100%' });
globalStyle(`${plot} .u-cursor-x, ${plot} .u-cursor-y`, {
  position: 'absolute',
  left: 0,
  top: 0,
  pointerEvents: 'none',
  willChange: 'transform',
});
globalStyle(`${plot} .u-cursor-x`, { height: '100%', borderRight: `1px dashed ${vars.chart.axis}` });
globalStyle(`${plot} .u-cursor-y`, { display: 'none' });
globalStyle(`${plot} .u-cursor-pt`, {
  position: 'absolute',
  top: 0,
  left: 0,
  borderRadius: '50%',
  border: '0 solid',
  pointerEvents: 'none',
  willChange: 'transform',
  backgroundClip: 'padding-box',
});
globalStyle(`${plot} .u-select`, { display: 'none' });
// Pointer marks are hidden until the pointer is over the chart.
globalStyle(`${plot} .u-off`, { display: 'none' });

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  color: vars.color.text,
});

export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const swatch = style({ display: 'inline-block', width: 18, height: 0, borderTopWidth: 3 });
/** A bar series' swatch: a small filled block, as its marks are. */
export const barSwatch = style([swatch, { width: 10, borderTopWidth: 10 }]);

export const hover = style({ color: vars.color.textMuted, minHeight: '1.5em', margin: 0 });
