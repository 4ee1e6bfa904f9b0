import { offerMassChangesSchema } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { affiliateNetworkUi } from './kinds/affiliateNetwork.tsx';
import { offerUi } from './kinds/offer.tsx';
import { massChangesFrom, massFieldSpecs, massRefSpecs, toMassEditField } from './massEdit.tsx';
import { NONE } from './refs.ts';

describe('mass edit fields', () => {
  const offerFields = massFieldSpecs(offerUi, Object.keys(offerMassChangesSchema.shape));

  it('offers every field the mass-change schema accepts, and none it refuses', () => {
    const names = offerFields.map((field) => field.name);
    expect(names).toContain('groupId');
    expect(names).toContain('payoutMicros');
    expect(names).not.toContain('name');
    expect(names).not.toContain('url');
    expect(massRefSpecs(offerFields)).toEqual([
      { kind: 'affiliate_network' },
      { kind: 'group', groupKind: 'offer' },
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
    const fields = massFieldSpecs(affiliateNetworkUi, ['allowedPostbackIps']);
    expect(
      massChangesFrom(fields, { allowedPostbackIps: ' 203.0.113.0/24 \n\n198.51.100.7' }).changes,
    ).toEqual({
      allowedPostbackIps: ['203.0.113.0/24', '198.51.100.7'],
    });
  });
});
