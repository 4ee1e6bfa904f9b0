import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../../../app/testing.ts';

const TRACKER = 'https://git.example/cairn/issues/new';

const DIAGNOSTICS = {
  generatedAt: '2026-12-06T10:00:00.000Z',
  version: '1.4.0',
  schemaVersion: 12,
  runtime: {
    node: 'v24.1.0',
    platform: 'linux',
    arch: 'x64',
    osRelease: '6.1',
    cpus: 2,
    memoryTotalBytes: 1,
    osUptimeSeconds: 1,
    processUptimeSeconds: 1,
    rssBytes: 1,
  },
  stores: { config: 'duckdb', events: 'duckdb' },
  node: { id: 'n1', backlogEvents: 0, backlogSegments: 0, lagMs: 0, lastFlushAt: null, clicksPerMinute: 0 },
  config: { metricsToken: '[masked]' },
  environment: {},
  recentErrors: [{ time: '2026-12-06T09:59:00.000Z', message: 'entity change listener failed' }],
};

function renderSection(role: string, ...routes: Route[]) {
  return renderApp('/settings/feedback', [
    ...signedInAs({ role }),
    on('GET', '/api/mode', () => json({ mode: 'normal', links: { feedback: TRACKER } })),
    ...routes,
  ]);
}

let created: Blob[] = [];
beforeEach(() => {
  created = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:diagnostics';
  });
  URL.revokeObjectURL = vi.fn();
});

describe('settings/feedback', { timeout: 20_000 }, () => {
  it('composes the report, copies it and links a prefilled new issue', async () => {
    renderSection('user');
    expect(await screen.findByRole('heading', { name: 'Feedback', level: 2 })).toBeInTheDocument();
    expect(document.title).toBe('Feedback - Settings - Cairn');
    const user = userEvent.setup();
    const copyButton = screen.getByRole('button', { name: 'Copy report' });
    expect(copyButton).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: /Summary/ }), 'Report totals off by one');
    await user.type(screen.getByRole('textbox', { name: 'What happened' }), 'Totals show 11 clicks');
    await user.type(screen.getByRole('textbox', { name: 'What I expected' }), 'Ten clicks');
    const report = screen.getByRole('textbox', { name: 'Report text' });
    expect((report as HTMLTextAreaElement).value).toContain('## [Bug] Report totals off by one');
    expect((report as HTMLTextAreaElement).value).toContain('### What happened\n\nTotals show 11 clicks');
    expect((report as HTMLTextAreaElement).value).toContain('### Steps to reproduce\n\n_(not given)_');

    await user.click(screen.getByRole('radio', { name: 'Idea' }));
    expect(screen.getByRole('textbox', { name: 'What I am trying to do' })).toHaveValue(
      'Totals show 11 clicks',
    );
    expect((report as HTMLTextAreaElement).value).toContain('## [Idea] Report totals off by one');

    await user.click(screen.getByRole('button', { name: 'Copy report' }));
    expect(await screen.findByText('Report copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe((report as HTMLTextAreaElement).value);

    const link = screen.getByRole('link', { name: 'Open a new issue' });
    const href = new URL(link.getAttribute('href') ?? '');
    expect(`${href.origin}${href.pathname}`).toBe(TRACKER);
    expect(href.searchParams.get('title')).toBe('[Idea] Report totals off by one');
    expect(href.searchParams.get('body')).toContain('### What I am trying to do\n\nTotals show 11 clicks');
    // The diagnostics are the admins' (the server refuses them to users).
    expect(screen.queryByRole('button', { name: 'Download diagnostics' })).not.toBeInTheDocument();
  });

  it('leaves the new-issue link out when the server names no tracker', async () => {
    renderApp('/settings/feedback', [
      ...signedInAs({ role: 'admin' }),
      on('GET', '/api/mode', () => json({ mode: 'normal' })),
    ]);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'What happened' }), 'Something');
    expect(screen.getByRole('button', { name: 'Copy report' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Open a new issue' })).not.toBeInTheDocument();
  });

  it('downloads the diagnostics bundle for admins', async () => {
    renderSection(
      'admin',
      on('GET', '/api/diagnostics', () => json(DIAGNOSTICS)),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download diagnostics' }));
    expect(await screen.findByText(/Downloaded\. Attach the file/)).toBeInTheDocument();
    expect(created).toHaveLength(1);
    const bundle = JSON.parse(await (created[0] as Blob).text());
    expect(bundle).toMatchObject({ version: '1.4.0', config: { metricsToken: '[masked]' } });
    expect(bundle.recentErrors).toHaveLength(1);
  });

  it("shows the server's refusal of the diagnostics", async () => {
    renderSection(
      'admin',
      on('GET', '/api/diagnostics', () => json({ message: 'Permission denied' }, 403)),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download diagnostics' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Permission denied'));
    expect(created).toHaveLength(0);
  });
});
