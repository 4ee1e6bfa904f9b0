// A campaign as the campaign list answers it, for the integration cards' pickers.

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

/** A campaign as the list answers it. */
export const pushUs = {
  id: 7,
  archived: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  name: 'Push US',
  key: 'key7abcdefgh',
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
  url: 'http://track.example/click?key=key7abcdefgh',
};
