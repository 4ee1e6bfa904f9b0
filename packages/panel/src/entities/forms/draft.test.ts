import { offerInputSchema, trafficSourceInputSchema } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { offerFormUi } from '../kinds/offerForm.tsx';
import { trafficSourceFormUi } from '../kinds/trafficSourceForm.tsx';
import type { Item } from '../types.ts';
import {
  buildInput,
  cloneDraft,
  draftFromItem,
  errorsUnder,
  fieldMessage,
  moneyMessage,
  newDraft,
} from './draft.ts';

const offer: Item = {
  id: 7,
  archived: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  name: 'Summer',
  url: 'https://offer.example/?sub={clickid}',
  affiliateNetworkId: 2,
  groupId: null,
  payoutAuto: false,
  payoutMicros: 2_500_000,
  currency: 'USD',
  upsell: false,
  countryCode: 'US',
  dailyCap: null,
  dailyClickCap: null,
  capFallbackOfferId: null,
  notes: '',
  finalUrl: 'https://offer.example/?sub={clickid}',
};

describe('drafts', () => {
  it('edits money as decimal text and sends micro-units', () => {
    const draft = draftFromItem(offerFormUi, offer);
    expect(draft.payoutMicros).toBe('2.5');
    const { input, errors } = buildInput(offerFormUi, { ...draft, payoutMicros: '1.125' }, offerInputSchema);
    expect(errors).toEqual({});
    expect(input.payoutMicros).toBe(1_125_000);
  });

  it('refuses an amount it cannot convert at that field', () => {
    const draft = draftFromItem(offerFormUi, offer);
    const { errors } = buildInput(offerFormUi, { ...draft, payoutMicros: '2,5,0' }, offerInputSchema);
    expect(errors).toEqual({ payoutMicros: moneyMessage });
  });

  it('checks a new item with the contract, field by field', () => {
    const { errors } = buildInput(
      offerFormUi,
      { ...newDraft(offerFormUi), url: 'https://x.example/?s={clikid}' },
      offerInputSchema,
    );
    expect(errors.name).toBe('Name is required');
    expect(errors.url).toContain('Unknown macro {clikid}');
  });

  it('clones as a new item named "Copy of ..."', () => {
    expect(cloneDraft(offerFormUi, offer)).toMatchObject({
      name: 'Copy of Summer',
      payoutMicros: '2.5',
      countryCode: 'US',
    });
  });

  it('sends an empty external-id pair as none, and a filled one as the pair', () => {
    const draft = newDraft(trafficSourceFormUi);
    expect(draft.templateId).toBeNull();
    const { input } = buildInput(trafficSourceFormUi, { ...draft, name: 'Source' }, trafficSourceInputSchema);
    expect(input.externalId).toBeNull();
    const filled = buildInput(
      trafficSourceFormUi,
      { ...draft, externalId: { parameter: 'subid', placeholder: '{subid}' } },
      trafficSourceInputSchema,
    );
    expect(filled.input.externalId).toEqual({ parameter: 'subid', placeholder: '{subid}' });
  });

  it('gives a plain control its nested errors as lines', () => {
    const own = errorsUnder(
      { 'allowedPostbackIps.1': 'Not an address', name: 'Required' },
      'allowedPostbackIps',
    );
    expect(own).toEqual({ '1': 'Not an address' });
    expect(fieldMessage(own)).toBe('Line 2: Not an address');
  });
});
