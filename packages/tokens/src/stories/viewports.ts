// Token sheets are taller than the default 1200 x 900 test viewport, and a screenshot only covers what
// the viewport shows, so these stories ask for a taller one (honoured by Storybook's viewport toolbar
// and by the vitest addon when it sizes the test frame).
export const tokenSheetViewport = {
  viewport: {
    options: {
      tokenSheet: { name: 'Token sheet', styles: { width: '1200px', height: '1600px' }, type: 'desktop' },
    },
    defaultViewport: 'tokenSheet',
  },
} as const;
