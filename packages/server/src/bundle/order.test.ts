import type { BundleEntity } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { placementOrder } from './order.ts';

const sentTo = (campaign: string) => ({ defaultPaths: [{ target: 'campaign', campaign }] });
const entity = (key: string, values: Record<string, unknown> = {}): BundleEntity => ({
  key,
  archived: false,
  values,
});

describe('the order an import places entities in', () => {
  it('places what a flow sends clicks to, and the rotation a campaign uses, before it', () => {
    const order = placementOrder({
      entities: {
        offer: [entity('Offer')],
        rotation: [entity('Hand-off', { flow: sentTo('last') })],
        campaign: [
          entity('first', { flow: sentTo('middle') }),
          entity('middle', { rotation: 'Hand-off' }),
          entity('last'),
        ],
        user: [entity('buyer')],
        group: [entity('campaign:Nutra')],
      },
    });
    expect(order.map(({ kind, entry }) => `${kind}:${entry.key}`)).toEqual([
      'group:campaign:Nutra',
      'offer:Offer',
      'campaign:last',
      'rotation:Hand-off',
      'campaign:middle',
      'campaign:first',
      'user:buyer',
    ]);
    // Each keeps its place in its kind's list, which error fields name.
    expect(order.find(({ entry }) => entry.key === 'first')?.n).toBe(0);
    expect(order.find(({ entry }) => entry.key === 'last')?.n).toBe(2);
  });

  it('breaks a loop where it entered it (the save then refuses the loop) and leaves targets outside the bundle alone', () => {
    const order = placementOrder({
      entities: {
        campaign: [
          entity('a', { flow: sentTo('b') }),
          entity('b', { flow: sentTo('a') }),
          entity('c', { flow: sentTo('already-here') }),
        ],
      },
    });
    expect(order.map(({ entry }) => entry.key)).toEqual(['b', 'a', 'c']);
  });
});
