import { CONVERSION_UPLOAD_MAX_LINES } from '@cairn/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../app/testing.ts';
import { statsSettingsRoutes } from '../reports/testData.ts';
import { conversion } from './testData.ts';

// The upload dialog on the conversions page, against a fake server that records what it was sent and
// answers a report per line.

function renderPage(role: string, ...routes: Route[]) {
  const listed: URL[] = [];
  const rendered = renderApp('/conversions', [
    ...signedInAs({ role }),
    ...statsSettingsRoutes(),
    on('GET', '/api/conversions', (request) => {
      listed.push(new URL(request.url));
      // After the upload the log holds the uploaded conversion.
      return json({
        rows: listed.length > 1 ? [conversion('uploaded1', { payout: 2_000_000 })] : [],
        nextCursor: null,
      });
    }),
    ...routes,
  ]);
  return { ...rendered, listed };
}

const report = {
  lines: [
    { line: 1, clickId: 'uploaded1', outcome: 'recorded', message: 'Conversion recorded' },
    { line: 2, clickId: 'seen1', outcome: 'ignored', message: 'Duplicate postback ignored' },
    { line: 4, clickId: 'nope', outcome: 'error', message: 'Click not found' },
  ],
  recorded: 1,
  updated: 0,
  ignored: 1,
  errors: 1,
};

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Upload conversions' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload conversions' });
  return { user, dialog, box: within(dialog).getByRole('textbox', { name: 'Conversions' }) };
}

describe('upload conversions', () => {
  it('sends the lines, reports each one, keeps the lines with errors and refreshes the log', async () => {
    const bodies: unknown[] = [];
    const { listed } = renderPage(
      'admin',
      on('POST', '/api/conversions/upload', async (request) => {
        bodies.push(await request.json());
        return json(report);
      }),
    );
    await screen.findByText('No conversions in this period');
    const { user, dialog, box } = await openDialog();
    expect(dialog).toHaveTextContent('clickid[:payout=..][:status=..][:txid=..][:currency=..]');
    expect(dialog).toHaveTextContent('at most 10,000 lines and 1,000,000 characters at once');
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    const text = 'uploaded1:payout=2:status=approved\nseen1\n# a comment\nnope:payout=1';
    await user.click(box);
    await user.paste(text);
    expect(box).toHaveAccessibleDescription('3 conversions to upload.');
    await user.click(upload);
    await waitFor(() => expect(bodies).toEqual([{ text }]));
    expect(
      await within(dialog).findByText(
        '1 recorded, 0 updated, 1 ignored, 1 error. The lines with errors are left in the box to fix and send again.',
      ),
    ).toHaveAttribute('role', 'status');
    const results = within(dialog).getByRole('grid', { name: 'Upload results' });
    expect(within(results).getByRole('row', { name: /uploaded1/ })).toHaveTextContent('Recorded');
    expect(within(results).getByRole('row', { name: /seen1/ })).toHaveTextContent('Ignored');
    const refused = within(results).getByRole('row', { name: /nope/ });
    expect(refused).toHaveTextContent('Error');
    expect(refused).toHaveTextContent('Click not found');
    expect(box).toHaveValue('nope:payout=1');
    // The log behind the dialog asks again and shows the new conversion.
    await waitFor(() => expect(listed.length).toBeGreaterThan(1));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('row', { name: /uploaded1/ })).toHaveTextContent('€2.00');
  });

  it('reads a text file into the box', async () => {
    renderPage('admin');
    const { dialog, box } = await openDialog();
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['a1:status=approved\r\nb2:payout=3\r\n'], 'report.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [file] } });
    // A text box keeps its lines apart with \n alone.
    await waitFor(() => expect(box).toHaveValue('a1:status=approved\nb2:payout=3\n'));
    expect(box).toHaveAccessibleDescription('2 conversions to upload.');
  });

  it('tells the line limit before sending, and shows what the server refuses at the box', async () => {
    const bodies: unknown[] = [];
    renderPage(
      'super_admin',
      on('POST', '/api/conversions/upload', async (request) => {
        bodies.push(await request.json());
        return json(
          {
            message: 'Invalid request: text: At most 10000 lines at once',
            errors: [{ message: 'At most 10000 lines at once', detail: { field: 'text' } }],
          },
          400,
        );
      }),
    );
    const { user, dialog, box } = await openDialog();
    const many = Array.from({ length: CONVERSION_UPLOAD_MAX_LINES + 1 }, (_, index) => `c${index}`).join(
      '\n',
    );
    fireEvent.change(box, { target: { value: many } });
    expect(box).toHaveAccessibleDescription(
      expect.stringContaining('10,001 lines: at most 10,000 lines at once. Upload it in parts.'),
    );
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    fireEvent.change(box, { target: { value: 'c1' } });
    await user.click(upload);
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription(expect.stringContaining('At most 10000 lines at once')),
    );
    expect(bodies).toEqual([{ text: 'c1' }]);
  });

  it('is not offered to a plain user, whom the server would refuse', async () => {
    renderPage('user');
    await screen.findByText('No conversions in this period');
    expect(screen.queryByRole('button', { name: 'Upload conversions' })).toBeNull();
  });
});
