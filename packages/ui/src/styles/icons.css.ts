import { vars } from '@cairn/tokens';
import { globalStyle } from '@vanilla-extract/css';

// Icons are drawn at a px size given where they are used (lucide's `size`, written as width and height
// attributes). The scheme's size scale multiplies it, as it does type and controls, so icons grow with the
// user's size preference. Where a browser cannot read an attribute as a number the rule is dropped and
// the attribute's own size stays.
const scaledAttribute = (name: 'width' | 'height') =>
  `calc(attr(${name} type(<number>), 16) * 1px * ${vars.size.scale})`;

globalStyle('svg.lucide[width][height]', {
  width: scaledAttribute('width'),
  height: scaledAttribute('height'),
});
