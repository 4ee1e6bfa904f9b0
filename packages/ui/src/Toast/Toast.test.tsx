import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster.tsx';
import { toast } from './toastStore.ts';

function shownMessages() {
  return Array.from(document.querySelectorAll('[data-toast-type]')).map((el) => ({
    type: el.getAttribute('data-toast-type'),
    text: el.textContent,
    state: el.getAttribute('data-state'),
  }));
}

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => toast.clear());
    vi.useRealTimers();
  });

  it('shows at most three toasts and queues the rest', () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= 5; i++) toast.info(`Message ${i}`);
    });
    expect(shownMessages().map((m) => m.text)).toEqual(['Message 1', 'Message 2', 'Message 3']);

    act(() => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(shownMessages().map((m) => m.text)).toEqual(['Message 2', 'Message 3', 'Message 4']);
  });

  it('closes a toast after 5000 ms, not before', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Gateway timeout');
    });
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(shownMessages()).toEqual([{ type: 'error', text: 'Gateway timeout', state: 'open' }]);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(shownMessages()).toEqual([]);
  });

  it('pauses the auto-close while hovered', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Saved');
    });
    // Radix listens for the pointer on the wrapper around the toast list.
    const wrapper = screen.getByRole('region').querySelector('ol')?.parentElement as HTMLElement;
    act(() => {
      vi.advanceTimersByTime(1000);
      fireEvent.pointerMove(wrapper);
    });
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(shownMessages().map((m) => m.text)).toEqual(['Saved']);
    act(() => {
      fireEvent.pointerLeave(wrapper);
    });
    act(() => {
      vi.advanceTimersByTime(4100);
    });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(shownMessages()).toEqual([]);
  });

  it('shows a keyed message once however often it is raised', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Gateway timeout', { key: 'http-504' });
      toast.error('Gateway timeout', { key: 'http-504' });
      toast.error('Gateway timeout. Try again later.', { key: 'http-504' });
    });
    expect(shownMessages()).toEqual([
      { type: 'error', text: 'Gateway timeout. Try again later.', state: 'open' },
    ]);
  });

  it("runs a toast's action with its id from a button of that name, then closes the toast", () => {
    const onClick = vi.fn();
    render(<Toaster />);
    let id = 0;
    act(() => {
      id = toast.success('3 offers archived', { action: { label: 'Undo', onClick } });
      toast.info('Saved');
    });
    expect(screen.getAllByRole('button', { name: 'Undo' })).toHaveLength(1);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    });
    expect(onClick).toHaveBeenCalledExactlyOnceWith(id);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(shownMessages().map((m) => m.text)).toEqual(['Saved']);
  });

  it('shows one toast for a task: running until it settles, then its outcome, which then closes', async () => {
    render(<Toaster />);
    let finish: (count: number) => void = () => {};
    const task = new Promise<number>((resolve) => {
      finish = resolve;
    });
    act(() => {
      void toast.promise(task, {
        loading: 'Archiving 3 offers...',
        success: (count) => `${count} offers archived`,
        error: 'Archive failed',
        successOptions: { action: { label: 'Undo', onClick: () => {} } },
      });
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(shownMessages()).toEqual([{ type: 'info', text: 'Archiving 3 offers...', state: 'open' }]);
    await act(async () => {
      finish(3);
      await task;
    });
    expect(shownMessages()).toEqual([{ type: 'success', text: '3 offers archivedUndo', state: 'open' }]);
    act(() => {
      vi.advanceTimersByTime(5300);
    });
    expect(shownMessages()).toEqual([]);
  });

  it("turns a task's toast into its error when the promise rejects, and hands the rejection on", async () => {
    render(<Toaster />);
    const task = Promise.reject(new Error('offline'));
    let caught: unknown;
    await act(async () => {
      await toast
        .promise(task, {
          loading: 'Saving...',
          success: 'Saved',
          error: (reason) => `Not saved: ${(reason as Error).message}`,
        })
        .catch((reason: unknown) => {
          caught = reason;
        });
    });
    expect(caught).toBeInstanceOf(Error);
    expect(shownMessages()).toEqual([{ type: 'error', text: 'Not saved: offline', state: 'open' }]);
  });

  it('renders a React node as the message and is callable outside React', () => {
    const id = toast.warning(
      <span>
        Read <a href="https://example.com">the docs</a>
      </span>,
      { title: 'Heads up' },
    );
    render(<Toaster />);
    expect(screen.getByRole('link', { name: 'the docs' })).toBeInTheDocument();
    expect(screen.getByText('Heads up')).toBeInTheDocument();
    act(() => toast.dismiss(id));
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(shownMessages()).toEqual([]);
  });
});
