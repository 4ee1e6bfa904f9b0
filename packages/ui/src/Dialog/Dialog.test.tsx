import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../Button/Button.tsx';
import { CodeBlock } from '../CodeBlock/CodeBlock.tsx';
import { ConfirmDialog } from '../ConfirmDialog/ConfirmDialog.tsx';
import { CopyField } from '../CopyField/CopyField.tsx';
import { Dialog } from './Dialog.tsx';

describe('Dialog', () => {
  it('moves focus in, closes on Escape and returns focus to the trigger', async () => {
    render(
      <Dialog.Root>
        <Dialog.Trigger asChild>
          <Button>Rename</Button>
        </Dialog.Trigger>
        <Dialog.Content title="Rename campaign">
          <input aria-label="Name" />
        </Dialog.Content>
      </Dialog.Root>,
    );
    const trigger = screen.getByRole('button', { name: 'Rename' });
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Rename campaign' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('returns focus to the button that opened it by state, and keeps the page inert meanwhile', async () => {
    function OpenedByState() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <nav>
            <a href="#offers">Offers</a>
          </nav>
          <Button onClick={() => setOpen(true)}>Archive</Button>
          <ConfirmDialog open={open} onOpenChange={setOpen} title="Archive offer?" onConfirm={() => {}} />
        </>
      );
    }
    const { container } = render(<OpenedByState />);
    const opener = screen.getByRole('button', { name: 'Archive' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Archive offer?' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    // The page behind is out of reach, not only hidden from assistive technology.
    await waitFor(() => expect(container.closest('[inert]')).not.toBeNull());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());
    expect(document.querySelector('[inert]')).toBeNull();
  });
});

function ConfirmHarness({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Delete 2 offers?"
      confirmLabel="Delete"
      tone="danger"
      onConfirm={onConfirm}
    />
  );
}

describe('ConfirmDialog', () => {
  it('closes after a successful confirm', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    render(<ConfirmHarness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('stays open and shows the error when confirm fails', async () => {
    render(<ConfirmHarness onConfirm={() => Promise.reject(new Error('Offer is in use'))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Offer is in use');
    expect(screen.getByRole('alertdialog', { name: 'Delete 2 offers?' })).toBeInTheDocument();
  });
});

describe('CopyField', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('copies the value and says so, then returns to normal', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.useFakeTimers();
    render(<CopyField label="Campaign URL" value="https://t.example/click?key=1" />);
    expect(screen.getByRole('textbox', { name: 'Campaign URL' })).toHaveValue(
      'https://t.example/click?key=1',
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith('https://t.example/click?key=1');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('tells the user to copy by hand when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    render(<CopyField label="URL" value="https://t.example" />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('button', { name: 'Press Ctrl+C to copy' })).toBeInTheDocument();
  });

  it('copies a code block', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CodeBlock language="html" code="<a href='{click_url}'>Go</a>" />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith("<a href='{click_url}'>Go</a>");
  });
});
