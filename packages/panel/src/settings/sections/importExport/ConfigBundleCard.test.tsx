import { CONFIG_BUNDLE_PATHS, type ConfigImportResponse } from '@cairn/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../app/renderApp.tsx';
import { json, on, signedInAs } from '../../../app/testing.ts';

const BUNDLE = {
  version: 1,
  exportedAt: '2026-03-04T10:30:00.000Z',
  entities: {
    offer: [{ key: 'Hit', archived: false, values: { name: 'Hit', url: 'https://hit.example/' } }],
  },
  settings: {},
};

const SECRETS = { kdf: 'scrypt', log2Cost: 15, salt: 'AAAAAAAAAAAAAAAAAAAAAA', sealed: 'aa.bb.cc' };

function planOf(dryRun: boolean, conflict: string): ConfigImportResponse {
  const action = conflict === 'overwrite' ? 'updated' : conflict === 'rename' ? 'renamed' : 'skipped';
  return {
    dryRun,
    conflict: conflict as ConfigImportResponse['conflict'],
    items: [
      {
        kind: 'offer',
        key: 'Hit',
        action,
        id: 7,
        ...(action === 'renamed' ? { newKey: 'Hit (imported)' } : {}),
      },
      { kind: 'campaign', key: 'abc123def456', action: 'created', id: 3 },
    ],
    counts: {
      created: 1,
      updated: action === 'updated' ? 1 : 0,
      skipped: action === 'skipped' ? 1 : 0,
      renamed: action === 'renamed' ? 1 : 0,
    },
  };
}

describe('Settings > Import/Export > Configuration', () => {
  const created: Blob[] = [];
  beforeEach(() => {
    created.length = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:configuration';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('downloads the bundle the server exports', async () => {
    renderApp('/settings/import-export', [
      ...signedInAs(),
      on('GET', CONFIG_BUNDLE_PATHS.export, () => json(BUNDLE)),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export configuration' }));
    await vi.waitFor(() => expect(created).toHaveLength(1));
    expect(JSON.parse((await created[0]?.text()) ?? '')).toEqual(BUNDLE);
  });

  it('shows the dry run of a picked file, follows the policy, and imports only on confirm', async () => {
    const asked: { query: Record<string, string>; body: unknown }[] = [];
    renderApp('/settings/import-export', [
      ...signedInAs(),
      on('POST', CONFIG_BUNDLE_PATHS.import, async (request) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        asked.push({ query, body: await request.json() });
        return json(planOf(query.dryRun === 'true', query.conflict ?? 'skip'));
      }),
    ]);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Import configuration…' });
    const file = new File([JSON.stringify(BUNDLE)], 'cairn-configuration.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Configuration file'), file);

    const planned = await screen.findByRole('list', { name: 'Planned changes' });
    expect(within(planned).getByText(/Campaign “abc123def456”: created/)).toBeInTheDocument();
    expect(within(planned).queryByText(/Offer/)).toBeNull();
    expect(asked).toEqual([{ query: { dryRun: 'true', conflict: 'skip' }, body: BUNDLE }]);

    await user.click(screen.getByRole('radio', { name: /rename/ }));
    expect(await screen.findByText(/Offer “Hit”: renamed as “Hit \(imported\)”/)).toBeInTheDocument();
    expect(asked.at(-1)?.query).toEqual({ dryRun: 'true', conflict: 'rename' });
    expect(asked.every((call) => call.query.dryRun === 'true')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('list', { name: 'Changes made' })).toBeInTheDocument();
    expect(asked.at(-1)?.query).toEqual({ dryRun: 'false', conflict: 'rename' });
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it("shows the server's refusal of a malformed bundle, and a file that is not JSON", async () => {
    renderApp('/settings/import-export', [
      ...signedInAs(),
      on('POST', CONFIG_BUNDLE_PATHS.import, () =>
        json(
          {
            message: 'Invalid request: entities.offer.0.values.url: "Hit": Not a URL',
            errors: [{ message: '"Hit": Not a URL', detail: { field: 'entities.offer.0.values.url' } }],
          },
          400,
        ),
      ),
    ]);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Import configuration…' });
    await user.upload(
      screen.getByLabelText('Configuration file'),
      new File([JSON.stringify(BUNDLE)], 'broken.json', { type: 'application/json' }),
    );
    expect(await screen.findByText(/"Hit": Not a URL/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();

    await user.upload(
      screen.getByLabelText('Configuration file'),
      new File(['not json'], 'notes.json', { type: 'application/json' }),
    );
    expect(await screen.findByText('notes.json is not a JSON file')).toBeInTheDocument();
  });

  it('exports the secrets only with a passphrase long enough, sent in the body', async () => {
    const posted: unknown[] = [];
    renderApp('/settings/import-export', [
      ...signedInAs(),
      on('GET', CONFIG_BUNDLE_PATHS.export, () => json(BUNDLE)),
      on('POST', CONFIG_BUNDLE_PATHS.export, async (request) => {
        posted.push(await request.json());
        return json({ ...BUNDLE, secrets: SECRETS });
      }),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: /Include secrets/ }));
    const passphrase = screen.getByLabelText(/Passphrase for the secrets/);
    await user.type(passphrase, 'too short');
    await user.click(screen.getByRole('button', { name: 'Export configuration' }));
    expect(await screen.findByText('At least 12 characters')).toBeInTheDocument();
    expect(posted).toEqual([]);
    expect(created).toHaveLength(0);

    await user.type(passphrase, ' but now long enough');
    await user.click(screen.getByRole('button', { name: 'Export configuration' }));
    await vi.waitFor(() => expect(created).toHaveLength(1));
    expect(posted).toEqual([{ passphrase: 'too short but now long enough' }]);
    expect(JSON.parse((await created[0]?.text()) ?? '')).toMatchObject({ secrets: SECRETS });
  });

  it('asks for the passphrase of a file with secrets before its plan, and shows a wrong one at the field', async () => {
    const asked: { query: Record<string, string>; body: Record<string, unknown> }[] = [];
    renderApp('/settings/import-export', [
      ...signedInAs(),
      on('POST', CONFIG_BUNDLE_PATHS.import, async (request) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        const body = (await request.json()) as Record<string, unknown>;
        asked.push({ query, body });
        if (body.passphrase !== 'the right passphrase') {
          const message = "This passphrase does not open the bundle's secrets";
          return json(
            {
              message: `Invalid request: passphrase: ${message}`,
              errors: [{ message, detail: { field: 'passphrase' } }],
            },
            400,
          );
        }
        const plan = planOf(query.dryRun === 'true', 'skip');
        return json({
          ...plan,
          items: [
            ...plan.items,
            { kind: 'secrets', key: 'postbackKeys', action: 'created' },
            { kind: 'secrets', key: 'lpProtectKey:LP', action: 'created', id: 2 },
          ],
        });
      }),
    ]);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Import configuration…' });
    const sealed = { ...BUNDLE, secrets: SECRETS };
    await user.upload(
      screen.getByLabelText('Configuration file'),
      new File([JSON.stringify(sealed)], 'moving.json', { type: 'application/json' }),
    );
    const passphrase = await screen.findByLabelText(/Passphrase of the file's secrets/);
    expect(asked).toEqual([]);

    await user.type(passphrase, 'a wrong passphrase');
    await user.click(screen.getByRole('button', { name: 'Show what importing would do' }));
    expect(await screen.findByText("This passphrase does not open the bundle's secrets")).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Planned changes' })).toBeNull();

    await user.clear(passphrase);
    await user.type(passphrase, 'the right passphrase');
    await user.click(screen.getByRole('button', { name: 'Show what importing would do' }));
    const planned = await screen.findByRole('list', { name: 'Planned changes' });
    expect(within(planned).getByText('Secret: postback keys: added')).toBeInTheDocument();
    expect(within(planned).getByText('Secret: LP-protect key of “LP”: added')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('list', { name: 'Changes made' })).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({
      query: { dryRun: 'false', conflict: 'skip' },
      body: { ...sealed, passphrase: 'the right passphrase' },
    });
  });
});
