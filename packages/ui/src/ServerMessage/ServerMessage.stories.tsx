import type { Meta, StoryObj } from '@storybook/react-vite';
import { Matrix } from '../storybook/Matrix.tsx';
import { ServerMessage, type ServerMessageProps } from './ServerMessage.tsx';
import { loadSanitizer } from './sanitizer.ts';

const samples: Record<string, ServerMessageProps> = {
  plain: { message: 'Wrong username or password' },
  'with URL': {
    message:
      'This feature is unavailable in the demo version. Simply register at https://cairn.example/trial and contact support.',
  },
  'markup stripped': { message: 'Bad <b>input</b><script>alert(1)</script><img src=x onerror=alert(1)>' },
  'detail list': { message: 'Validation failed', detail: ['name is required', 'payout must be positive'] },
  'key-value': { message: 'License error', detail: { trackerId: 'CRN-42', status: 'expired' } },
};

const meta = {
  title: 'Feedback/ServerMessage',
  component: ServerMessage,
  args: samples.plain,
} satisfies Meta<typeof ServerMessage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Samples: Story = {
  // The markup sample waits for the sanitiser's chunk; fetched first, every sample shows at once.
  loaders: [
    async () => {
      await loadSanitizer();
      return {};
    },
  ],
  render: () => (
    <Matrix
      rows={Object.keys(samples)}
      columns={['rendered'] as const}
      render={(name) => (
        <div style={{ width: 420 }}>
          <ServerMessage {...(samples[name] as ServerMessageProps)} />
        </div>
      )}
    />
  ),
};
