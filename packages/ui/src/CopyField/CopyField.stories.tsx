import type { Meta, StoryObj } from '@storybook/react-vite';
import { CodeBlock } from '../CodeBlock/CodeBlock.tsx';
import { FIELD_SIZES } from '../Field/Field.css.ts';
import { Matrix, Stack } from '../storybook/Matrix.tsx';
import { CopyField } from './CopyField.tsx';

const url = 'https://track.example.com/click?key=9f2c1e7a&source={source}&cost={cost}';

const meta = {
  title: 'Display/CopyField',
  component: CopyField,
  args: { label: 'Campaign URL', value: url },
} satisfies Meta<typeof CopyField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Sizes: Story = {
  render: () => (
    <Matrix
      rows={FIELD_SIZES}
      columns={['copy field'] as const}
      render={(size) => (
        <div style={{ width: 460 }}>
          <CopyField
            size={size}
            label="Campaign URL"
            description="Paste this into your traffic source."
            value={url}
          />
        </div>
      )}
    />
  ),
};

export const Code: Story = {
  render: () => (
    <Stack>
      <div style={{ width: 460 }}>
        <CodeBlock
          language="html"
          code={'<script src="https://track.example.com/lp.js"></script>\n<a href="{click_url}">Go</a>'}
        />
      </div>
      <div style={{ width: 460 }}>
        <CodeBlock
          language="postback"
          wrap
          code={`https://track.example.com/postback?clickid={clickid}&payout={payout}&status={status}&txid={txid}`}
        />
      </div>
      <div style={{ width: 460 }}>
        <CodeBlock copyable={false} code="npm start" />
      </div>
    </Stack>
  ),
};
