import * as TabsPrimitive from '@radix-ui/react-tabs';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import * as styles from './Tabs.css.ts';

const cx = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/** In-page tabs with panels (Radix Tabs: arrow keys move between tabs). */
export const Tabs = {
  Root: TabsPrimitive.Root,
  List: forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof TabsPrimitive.List>>(function TabsList(
    { className, ...props },
    ref,
  ) {
    return <TabsPrimitive.List ref={ref} className={cx(styles.list, className)} {...props} />;
  }),
  Trigger: forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger>>(
    function TabsTrigger({ className, ...props }, ref) {
      return <TabsPrimitive.Trigger ref={ref} className={cx(styles.tab, className)} {...props} />;
    },
  ),
  Content: forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof TabsPrimitive.Content>>(
    function TabsContent({ className, ...props }, ref) {
      return <TabsPrimitive.Content ref={ref} className={cx(styles.content, className)} {...props} />;
    },
  ),
};
