/** The writing directions the components are drawn and tested in. */
export const DIRECTIONS = ['ltr', 'rtl'] as const;
export type Direction = (typeof DIRECTIONS)[number];

// Radix components read the direction from this provider, not from the page: an app (or Storybook) that sets
// `dir="rtl"` on the document wraps itself in it too, so menus, selects and table resizing turn with the text.
export { DirectionProvider, useDirection } from '@radix-ui/react-direction';
