import type { AuditEntry } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import type { FormFieldSpec } from '../entities/types.ts';
import { changeLines, changesOf, fieldLabel } from './changes.ts';

const fields: FormFieldSpec[] = [
  { kind: 'text', name: 'name', label: 'Name' },
  { kind: 'ref', name: 'groupId', label: 'Group', ref: { kind: 'group' }, noneLabel: 'No group' },
  { kind: 'money', name: 'payoutMicros', label: 'Payout' },
  { kind: 'lines', name: 'allowedIps', label: 'Allowed IPs' },
];

const entry = (details: unknown): AuditEntry => ({
  id: 1,
  occurredAt: '2026-11-23T08:16:00.000Z',
  userId: 1,
  userLogin: 'admin',
  action: 'offer_updated',
  entityKind: 'offer',
  entityId: 3,
  details,
});

describe('audit changes', () => {
  it('labels fields as the form does, and the others in words', () => {
    expect(fieldLabel('groupId', fields)).toBe('Group');
    expect(fieldLabel('templateId', fields)).toBe('Template');
    expect(fieldLabel('trafficLossPercent', undefined)).toBe('Traffic loss percent');
    expect(fieldLabel('key', undefined)).toBe('Campaign key');
  });

  it('reads only field changes out of an entry', () => {
    expect(changesOf(entry(null))).toEqual({});
    expect(changesOf(entry({ changes: { name: { before: 'A', after: 'B' }, odd: 3 } }))).toEqual({
      name: { before: 'A', after: 'B' },
    });
  });

  it('describes both values like the form, with the currency and names of their side', () => {
    const changes = changesOf(
      entry({
        changes: {
          groupId: { before: null, after: 2 },
          payoutMicros: { before: 1_000_000, after: 2_500_000 },
          currency: { before: 'USD', after: 'EUR' },
          allowedIps: { before: [], after: ['10.0.0.1', '10.0.0.2'] },
          notes: { before: '', after: 'x' },
          tokens: { before: [{ parameter: 'zone' }], after: [] },
        },
      }),
    );
    const names = (_spec: unknown, id: number) => (id === 2 ? 'Sweepstakes' : undefined);
    expect(changeLines(changes, fields, { currency: 'GBP' }, names)).toEqual([
      { field: 'groupId', label: 'Group', before: 'No group', after: 'Sweepstakes' },
      { field: 'payoutMicros', label: 'Payout', before: '$1.00', after: '€2.50' },
      { field: 'currency', label: 'Currency', before: 'USD', after: 'EUR' },
      { field: 'allowedIps', label: 'Allowed IPs', before: '(none)', after: '10.0.0.1, 10.0.0.2' },
      { field: 'notes', label: 'Notes', before: '(empty)', after: 'x' },
      { field: 'tokens', label: 'Tokens', before: 'changed', after: '(none)' },
    ]);
  });
});
