import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Combobox, filterOptions } from './Combobox.tsx';
import { countryOptions } from './countries.ts';

function Harness({ creatable = false, initial = [] as string[], closeOnSelect = false }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <Combobox
        label="Countries"
        options={countryOptions()}
        value={value}
        onChange={setValue}
        creatable={creatable}
        closeOnSelect={closeOnSelect}
      />
      <output>{value.join(',')}</output>
    </>
  );
}

describe('Combobox', () => {
  it('closes the list after a pick when it takes one at a time', async () => {
    render(<Harness closeOnSelect />);
    const input = screen.getByRole('combobox', { name: 'Countries' });
    await userEvent.type(input, 'germ');
    expect(screen.getByRole('listbox')).not.toHaveAttribute('aria-multiselectable', 'true');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('DE');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('filters as you type and toggles options with the keyboard', async () => {
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Countries' });
    await userEvent.type(input, 'germ');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Germany']);
    await userEvent.keyboard('{Enter}');
    await userEvent.type(input, 'united');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('DE,GB');
    expect(screen.getByRole('button', { name: 'Remove Germany' })).toBeInTheDocument();
    await userEvent.keyboard('{Backspace}');
    expect(screen.getByRole('status').textContent).toBe('DE');
  });

  it('matches country codes and removes a chip by its button', async () => {
    render(<Harness initial={['US', 'BR']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove United States' }));
    expect(screen.getByRole('status').textContent).toBe('BR');
    expect(filterOptions(countryOptions(), 'us').map((o) => o.value)).toContain('US');
  });

  it('adds free token values when creatable', async () => {
    render(<Harness creatable />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Countries' }), 'zone-42{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('zone-42');
  });

  it('puts labels starting with the query first', () => {
    expect(
      filterOptions(countryOptions(), 'uni')
        .slice(0, 3)
        .map((o) => o.value),
    ).toEqual(['AE', 'GB', 'US']);
  });

  it('ignores accents when matching', () => {
    expect(filterOptions([{ value: 'CI', label: "Côte d'Ivoire" }], 'cote').map((o) => o.value)).toEqual([
      'CI',
    ]);
  });
});
