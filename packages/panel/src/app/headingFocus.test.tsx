import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useHeadingFocusOnNavigation } from './headingFocus.ts';

// A page, its heading drawn at once or later, and a menu over the page the way the header's menus are
// drawn (outside <main>, in the document's body).

function Page({ page, heading = true }: { page: string; heading?: boolean }) {
  useHeadingFocusOnNavigation(page);
  return (
    <>
      <button type="button">Menu</button>
      <main>{heading && <h1 tabIndex={-1}>{page}</h1>}</main>
    </>
  );
}

function openMenu(): HTMLElement {
  const menu = document.createElement('div');
  menu.setAttribute('role', 'menu');
  const item = document.createElement('div');
  item.setAttribute('role', 'menuitem');
  item.tabIndex = -1;
  item.textContent = 'Rollback';
  menu.append(item);
  document.body.append(menu);
  item.focus();
  return menu;
}

afterEach(() => {
  for (const menu of document.querySelectorAll('[role="menu"]')) menu.remove();
});

describe('focus after a navigation', () => {
  it('goes to the new page heading', () => {
    const { rerender } = render(<Page page="Offers" />);
    rerender(<Page page="Groups" />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Groups' }));
  });

  it('leaves a menu opened while the page loaded open, and takes nothing once the user picks in it', async () => {
    const { rerender } = render(<Page page="Settings" />);
    const menu = openMenu();
    const item = screen.getByRole('menuitem', { name: 'Rollback' });
    rerender(<Page page="Domains" />);
    // The menu keeps the focus, so it stays open under the user's finger.
    expect(document.activeElement).toBe(item);
    item.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await act(async () => menu.remove());
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { name: 'Domains' }));
  });

  it('waits for a menu still over the page, then for the heading drawn with its data', async () => {
    const { rerender } = render(<Page page="Offers" />);
    const menu = openMenu();
    rerender(<Page page="Groups" heading={false} />);
    await act(async () => menu.remove());
    expect(document.activeElement).toBe(document.body);
    rerender(<Page page="Groups" />);
    await act(async () => {});
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Groups' }));
  });
});
