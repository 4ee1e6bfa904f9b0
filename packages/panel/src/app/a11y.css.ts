import { style } from '@vanilla-extract/css';

// Text for assistive tech only: context sighted users read from the layout ("Weight of Offer A (Path 2)",
// the permission kind a column header already names).
export const srOnly = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
