import * as ToastPrimitive from '@radix-ui/react-toast';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect } from 'storybook/test';
import * as styles from './Toast.css.ts';
import { MIN_TARGET_SIZE_PX } from './Toast.css.ts';
import { Toaster, ToastView } from './Toaster.tsx';
import { TOAST_TYPES, type ToastItem, toast } from './toastStore.ts';

const meta = {
  title: 'Feedback/Toast',
  component: Toaster,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Toaster>;
export default meta;
type Story = StoryObj<typeof meta>;

// WCAG 2.5.8: every close button, measured as drawn, is a target of at least 24 x 24 px.
async function closeTargetsAreLargeEnough({ canvasElement }: { canvasElement: HTMLElement }) {
  const closes = [
    ...canvasElement.ownerDocument.querySelectorAll('[data-toast-type] button[aria-label="Close"]'),
  ];
  await expect(closes.length).toBeGreaterThan(0);
  for (const close of closes) {
    const { width, height } = close.getBoundingClientRect();
    await expect(Math.min(width, height)).toBeGreaterThanOrEqual(MIN_TARGET_SIZE_PX);
  }
}

/** Every type, with and without a title; they never auto-close here so the screenshot is stable. */
export const Types: Story = {
  play: closeTargetsAreLargeEnough,
  render: () => (
    <ToastPrimitive.Provider duration={Number.POSITIVE_INFINITY}>
      {TOAST_TYPES.flatMap((type, index) => [
        <ToastView
          key={`${type}-plain`}
          closeLabel="Close"
          item={{ id: index * 2, type, open: true, message: `A ${type} message` }}
        />,
        <ToastView
          key={`${type}-title`}
          closeLabel="Close"
          item={{
            id: index * 2 + 1,
            type,
            open: true,
            title: `${type[0]?.toUpperCase()}${type.slice(1)}`,
            message: 'A longer message that wraps onto a second line to show how the body text flows.',
          }}
        />,
      ])}
      <ToastPrimitive.Viewport className={styles.viewport} style={{ position: 'static', width: 380 }} />
    </ToastPrimitive.Provider>
  ),
};

const undo = { label: 'Undo', onClick: () => {} };

const WITH_ACTION: ToastItem[] = TOAST_TYPES.map((type, index) => ({
  id: index,
  type,
  open: true,
  message:
    index % 2 === 0
      ? '3 offers archived'
      : 'A longer message that wraps onto a second line beside its action.',
  ...(index === 1 ? { title: 'Archived' } : {}),
  action: undo,
}));

/** An action (Undo) beside the close button, in every type, short and wrapping. */
export const WithAction: Story = {
  play: closeTargetsAreLargeEnough,
  render: () => (
    <ToastPrimitive.Provider duration={Number.POSITIVE_INFINITY}>
      {WITH_ACTION.map((item) => (
        <ToastView key={item.id} closeLabel="Close" item={item} />
      ))}
      <ToastPrimitive.Viewport className={styles.viewport} style={{ position: 'static', width: 380 }} />
    </ToastPrimitive.Provider>
  ),
};

export const WithActionDark: Story = { ...WithAction, globals: { theme: 'dark' } };

function RaiseOnMount() {
  useEffect(() => {
    for (const type of ['error', 'warning', 'success', 'info'] as const) {
      toast[type](`Raised with toast.${type}()`, { duration: Number.POSITIVE_INFINITY });
    }
    return () => toast.clear();
  }, []);
  return null;
}

/** Four raised through the imperative API: three show, the fourth waits its turn. */
export const Queue: Story = {
  render: () => (
    <div style={{ minHeight: 360 }}>
      <RaiseOnMount />
      <Toaster />
    </div>
  ),
};

export const TypesDark: Story = { ...Types, globals: { theme: 'dark' } };
export const TypesLegacyDark: Story = { ...Types, globals: { theme: 'dark', colorScheme: 'legacy' } };
export const TypesCreative: Story = { ...Types, globals: { colorScheme: 'creative' } };
