import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { FIELD_SIZES } from '../Field/Field.css.ts';
import { Matrix } from '../storybook/Matrix.tsx';
import { Combobox, type ComboboxProps } from './Combobox.tsx';
import { countryOptions } from './countries.ts';

const countries = countryOptions();

function Controlled(props: Omit<ComboboxProps, 'value' | 'onChange'> & { initial?: string[] }) {
  const { initial = [], ...rest } = props;
  const [value, setValue] = useState<string[]>(initial);
  return <Combobox {...rest} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Controls/Combobox',
  component: Combobox,
  args: { label: 'Countries', options: countries, value: [], onChange: () => {} },
} satisfies Meta<typeof Combobox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const States: Story = {
  render: () => (
    <Matrix
      rows={FIELD_SIZES}
      columns={['empty', 'selected', 'error', 'disabled'] as const}
      render={(size, state) => (
        <div style={{ width: 240 }}>
          <Controlled
            size={size}
            label="Countries"
            placeholder="Any country"
            options={countries}
            initial={state === 'empty' ? [] : ['US', 'DE', 'BR']}
            error={state === 'error' ? 'Pick at most 2' : undefined}
            disabled={state === 'disabled'}
          />
        </div>
      )}
    />
  ),
};

/** Typing filters the list; the active option is highlighted. */
export const Open: Story = {
  render: () => (
    <div style={{ width: 320, minHeight: 260 }}>
      <Controlled label="Countries" options={countries} initial={['FR']} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox', { name: 'Countries' }), 'uni');
    await expect(within(document.body).getByRole('listbox')).toBeVisible();
  },
};

/** Token values: anything typed can be added. */
export const Creatable: Story = {
  render: () => (
    <div style={{ width: 320, minHeight: 160 }}>
      <Controlled
        label="Zone IDs"
        options={[]}
        creatable
        initial={['1204', '3391']}
        placeholder="Type and press Enter"
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox', { name: 'Zone IDs' }), '7781');
    await expect(within(document.body).getByRole('option', { name: 'Add "7781"' })).toBeVisible();
  },
};
