// Campaigns as the campaign list answers them, for the settings sections' campaign pickers in tests.

const flow = {
  defaultPaths: [
    {
      name: '',
      weight: 100,
      paused: false,
      landers: [],
      offers: [{ offerId: 10, weight: 100, paused: false }],
    },
  ],
  rules: [],
};

/** A campaign as the list answers it: active, one path to offer 10, no source. */
export function listedCampaign(id: number, name: string) {
  const key = `key${id}abcdefgh`.slice(0, 12);
  return {
    id,
    archived: false,
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
    name,
    key,
    groupId: null,
    trafficSourceId: null,
    domainId: null,
    costModel: 'cpc',
    costAuto: false,
    costMicros: 0,
    currency: 'USD',
    redirectMode: 'http_302',
    uniquenessHours: 24,
    status: 'active',
    rotationId: null,
    flow,
    notes: '',
    effectiveFlow: flow,
    url: `http://track.example/click?key=${key}`,
  };
}

export const pushUs = listedCampaign(7, 'Push US');
