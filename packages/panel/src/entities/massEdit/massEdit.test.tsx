import { landingMassChangesSchema, offerMassChangesSchema } from '@cairn/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { affiliateNetworkFormUi } from '../kinds/affiliateNetworkForm.tsx';
import { landingFormUi } from '../kinds/landingForm.tsx';
import { offerFormUi } from '../kinds/offerForm.tsx';
import { NONE } from '../refs.ts';
import { massChangesFrom, massFieldSpecs, massRefSpecs, toMassEditField } from './massEdit.tsx';

describe('mass edit fields', () => {
  const offerFields = massFieldSpecs(offerFormUi, Object.keys(offerMassChangesSchema.shape));

  it('offers every field the mass-change schema accepts, and none it refuses', () => {
    const names = offerFields.map((field) => field.name);
    expect(names).toContain('groupId');
    expect(names).toContain('payoutMicros');
    expect(names).not.toContain('name');
    expect(names).not.toContain('url');
    expect(massRefSpecs(offerFields)).toEqual([
      { kind: 'affiliate_network' },
      { kind: 'group', groupKind: 'offer' },
      // One fallback for many capped offers at once.
      { kind: 'offer' },
    ]);
  });

  it('lists a reference as a select of its active items plus "none"', () => {
    const group = offerFields.find((field) => field.name === 'groupId');
    if (!group) throw new Error('no group field');
    const options = new Map([
      [
        'group:offer',
        [
          { id: 4, label: 'Sweepstakes', archived: false },
          { id: 5, label: 'Old', archived: true },
        ],
      ],
    ]);
    expect(toMassEditField(group, options)).toMatchObject({
      kind: 'select',
      defaultValue: NONE,
      options: [
        { value: NONE, label: 'No group' },
        { value: '4', label: 'Sweepstakes' },
      ],
    });
  });

  it('edits notes and one-per-line lists in text areas named by the field, lists in monospace', () => {
    const [notes, ips] = ['notes', 'allowedPostbackIps'].map((name) => {
      const spec = affiliateNetworkFormUi.fields.find((field) => field.name === name);
      if (!spec) throw new Error(`no ${name} field`);
      const field = toMassEditField(spec, new Map());
      if (field.kind !== 'custom') throw new Error(`${name} is not a custom field`);
      expect(field.defaultValue).toBe('');
      return field;
    });
    render(
      <>
        {notes?.render('Some notes', () => {}, 'notes-control')}
        {ips?.render('203.0.113.0/24', () => {}, 'ips-control')}
      </>,
    );
    const notesArea = screen.getByRole('textbox', { name: 'Notes' });
    expect(notesArea).toHaveValue('Some notes');
    expect(notesArea).toHaveAttribute('spellcheck', 'true');
    const ipsArea = screen.getByRole('textbox', { name: 'Allowed postback IPs' });
    expect(ipsArea).toHaveValue('203.0.113.0/24');
    expect(ipsArea).toHaveAttribute('spellcheck', 'false');
    expect(ipsArea.className).not.toBe(notesArea.className);
  });

  it('turns the ticked values into API changes', () => {
    expect(massChangesFrom(offerFields, { groupId: '4', countryCode: NONE, payoutMicros: '0.75' })).toEqual({
      changes: { groupId: 4, countryCode: null, payoutMicros: 750_000 },
      errors: [],
    });
    expect(massChangesFrom(offerFields, { groupId: NONE, payoutMicros: 'lots' }).errors).toEqual([
      { field: 'payoutMicros', message: expect.stringContaining('amount') },
    ]);
  });

  it('sends allowed postback IPs, edited one per line, as a list', () => {
    const fields = massFieldSpecs(affiliateNetworkFormUi, ['allowedPostbackIps']);
    expect(
      massChangesFrom(fields, { allowedPostbackIps: ' 203.0.113.0/24 \n\n198.51.100.7' }).changes,
    ).toEqual({
      allowedPostbackIps: ['203.0.113.0/24', '198.51.100.7'],
    });
  });

  it("starts a lander's LP protect off, and sends what it shows, though a new lander's switch shows the installation default", () => {
    const fields = massFieldSpecs(landingFormUi, Object.keys(landingMassChangesSchema.shape));
    const lpProtect = fields.find((field) => field.name === 'lpProtect');
    if (!lpProtect) throw new Error('no LP protect field');
    expect(toMassEditField(lpProtect, new Map()).defaultValue).toBe(false);
    expect(massChangesFrom(fields, { lpProtect: false }).changes).toEqual({ lpProtect: false });
    expect(massChangesFrom(fields, { lpProtect: true }).changes).toEqual({ lpProtect: true });
  });
});
