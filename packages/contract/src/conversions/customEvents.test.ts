import { describe, expect, it } from 'vitest';
import { postbackProcessingSettingsSchema } from '../conversions.ts';
import { customEventNamesSchema, customEventSlot, customEventTitle } from './customEvents.ts';

const settings = {
  eventNames: ['registration', 'Deposit', ''],
  networkEvents: [{ affiliateNetworkId: 7, networkEvent: 'ftd', slot: 2 }],
};

describe('custom event slots', () => {
  it('resolves a slot name case-insensitively', () => {
    expect(customEventSlot('deposit', 0, settings)).toBe(2);
    expect(customEventSlot(' REGISTRATION ', 3, settings)).toBe(1);
  });

  it("takes the network's own word for its postbacks only", () => {
    expect(customEventSlot('FTD', 7, settings)).toBe(2);
    expect(customEventSlot('ftd', 8, settings)).toBeNull();
  });

  it('reaches any slot by its own name and refuses slots that do not exist', () => {
    expect(customEventSlot('event3', 0, settings)).toBe(3);
    expect(customEventSlot('Event30', 0, settings)).toBe(30);
    expect(customEventSlot('event31', 0, settings)).toBeNull();
    expect(customEventSlot('event0', 0, settings)).toBeNull();
    expect(customEventSlot('purchase', 0, settings)).toBeNull();
  });

  it('titles a slot by its name, else by its number', () => {
    expect(customEventTitle(2, settings.eventNames)).toBe('Deposit');
    expect(customEventTitle(3, settings.eventNames)).toBe('Event 3');
  });

  it('refuses a name used twice, a 31st slot and odd characters', () => {
    expect(customEventNamesSchema.safeParse(['reg', 'REG']).success).toBe(false);
    expect(customEventNamesSchema.safeParse(Array.from({ length: 31 }, (_, i) => `e${i}`)).success).toBe(
      false,
    );
    expect(customEventNamesSchema.safeParse(['a&b']).success).toBe(false);
    expect(customEventNamesSchema.safeParse(['', '']).success).toBe(true);
  });

  it('keeps settings saved before custom events readable', () => {
    const old = postbackProcessingSettingsSchema.parse({ unknownStatus: 'declined' });
    expect(old.eventNames).toEqual([]);
    expect(old.networkEvents).toEqual([]);
  });
});
