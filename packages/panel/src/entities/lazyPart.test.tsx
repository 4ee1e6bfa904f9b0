import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AppServices } from '../app/services.ts';
import { ServicesContext } from '../app/services.ts';
import { testServices } from '../app/testing.ts';
import { type LazyPart, PartFailure, useLazyPart } from './lazyPart.tsx';
import { OfferImportButton } from './lists/OfferImportButton.tsx';

function Probe({ load, wanted }: { load: () => Promise<string>; wanted: boolean }) {
  const loaded: LazyPart<string> = useLazyPart(load, wanted);
  return <p>{!loaded ? 'nothing' : 'part' in loaded ? loaded.part : 'failed'}</p>;
}

function withServices(services: AppServices, children: ReactNode) {
  return (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>{children}</QueryClientProvider>
    </ServicesContext.Provider>
  );
}

describe('a list part loaded when first wanted', () => {
  it('is not fetched before it is wanted, and then once', async () => {
    const load = vi.fn(async () => 'dialog');
    const { rerender } = render(<Probe load={load} wanted={false} />);
    expect(load).not.toHaveBeenCalled();
    rerender(<Probe load={load} wanted />);
    expect(await screen.findByText('dialog')).toBeInTheDocument();
    rerender(<Probe load={load} wanted={false} />);
    rerender(<Probe load={load} wanted />);
    expect(load).toHaveBeenCalledOnce();
  });

  it('says so, offering a reload, when it cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Probe load={() => Promise.reject(new Error('chunk gone'))} wanted />);
    expect(await screen.findByText('failed')).toBeInTheDocument();
    const services = testServices(vi.fn());
    const reload = vi.spyOn(services, 'reload').mockImplementation(() => {});
    const onClose = vi.fn();
    render(withServices(services, <PartFailure onClose={onClose} />));
    expect(screen.getByRole('alert')).toHaveTextContent('Part of the panel did not arrive');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('offer import', () => {
  it('opens its dialog on the first press and gives the focus back to the button on close', async () => {
    const user = userEvent.setup();
    render(withServices(testServices(vi.fn()), <OfferImportButton />));
    const button = screen.getByRole('button', { name: 'Import offers' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Import offers' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });
});
