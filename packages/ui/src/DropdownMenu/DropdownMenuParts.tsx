import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import { type ComponentPropsWithoutRef, createContext, forwardRef, useContext } from 'react';
import { useInertOutside } from '../focus/inertOutside.ts';
import * as menu from '../styles/menu.css.ts';

// A modal menu (Radix's default) hides the page outside it; that outside is made inert as well.
const ModalContext = createContext(true);

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

type ItemProps = ComponentPropsWithoutRef<typeof MenuPrimitive.Item> & { tone?: 'default' | 'danger' };

/** The Radix parts of DropdownMenu (DropdownMenu.tsx), which fetches this module after the first paint. */
export const DropdownMenuParts = {
  Root({ modal = true, ...props }: ComponentPropsWithoutRef<typeof MenuPrimitive.Root>) {
    return (
      <ModalContext.Provider value={modal}>
        <MenuPrimitive.Root modal={modal} {...props} />
      </ModalContext.Provider>
    );
  },
  Trigger: MenuPrimitive.Trigger,
  Group: MenuPrimitive.Group,
  Content: forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof MenuPrimitive.Content>>(
    function MenuContent({ className, sideOffset = 4, align = 'start', ...props }, ref) {
      const content = useInertOutside(ref, useContext(ModalContext));
      return (
        <MenuPrimitive.Portal>
          <MenuPrimitive.Content
            ref={content}
            sideOffset={sideOffset}
            align={align}
            className={cx(menu.content, className)}
            {...props}
          />
        </MenuPrimitive.Portal>
      );
    },
  ),
  Item: forwardRef<HTMLDivElement, ItemProps>(function MenuItem(
    { className, tone = 'default', ...props },
    ref,
  ) {
    return (
      <MenuPrimitive.Item
        ref={ref}
        className={cx(menu.item, tone === 'danger' && menu.itemDanger, className)}
        {...props}
      />
    );
  }),
  CheckboxItem: forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof MenuPrimitive.CheckboxItem>>(
    function MenuCheckboxItem({ className, children, ...props }, ref) {
      return (
        <MenuPrimitive.CheckboxItem ref={ref} className={cx(menu.item, className)} {...props}>
          <MenuPrimitive.ItemIndicator className={menu.itemIndicator}>
            <Check size={14} aria-hidden />
          </MenuPrimitive.ItemIndicator>
          {children}
        </MenuPrimitive.CheckboxItem>
      );
    },
  ),
  Label: forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof MenuPrimitive.Label>>(function MenuLabel(
    { className, ...props },
    ref,
  ) {
    return <MenuPrimitive.Label ref={ref} className={cx(menu.groupLabel, className)} {...props} />;
  }),
  Separator: forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof MenuPrimitive.Separator>>(
    function MenuSeparator({ className, ...props }, ref) {
      return <MenuPrimitive.Separator ref={ref} className={cx(menu.separator, className)} {...props} />;
    },
  ),
};
