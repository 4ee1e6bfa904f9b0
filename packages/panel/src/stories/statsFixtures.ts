import { NO_CUSTOM_EVENTS, type ReportMetrics } from '@cairn/contract';
import { campaigns, offers } from './fixtures.ts';

// The numbers behind the page stories, derived the way the server derives them (money in micro-units,
// ratios of sums), so totals, ratios and the rows' profit tones agree with each other.

export const statsSettings = { timezone: 'Europe/Berlin', baseCurrency: 'EUR', rates: {} };

/** The week every page story shows, in the tracker's zone, as the address and the API write it. */
export const period = { from: '2026-03-01', to: '2026-03-07', timeZone: 'Europe/Berlin' };
export const range = { from: '2026-02-28T23:00:00.000Z', to: '2026-03-07T23:00:00.000Z' };

interface Counts {
  clicks: number;
  uniqueClicks: number;
  lpViews: number;
  lpClicks: number;
  leadsApproved: number;
  leadsPending: number;
  leadsDeclined: number;
  revenue: number;
  cost: number;
}

const MICROS = 1_000_000;

/**
 * A slice of traffic: clicks, conversions, the payout per approved lead and the price per click (EUR).
 * The unique and lander shares vary with the clicks, so no column repeats one percentage in every row.
 */
function traffic(clicks: number, leads: number, payout: number, cpc: number): Counts {
  const leadsApproved = Math.round(leads * 0.8);
  const lpViews = Math.round(clicks * 0.78);
  return {
    clicks,
    uniqueClicks: Math.round(clicks * (0.8 + (clicks % 11) / 100)),
    lpViews,
    lpClicks: Math.round(lpViews * (0.33 + (clicks % 13) / 100)),
    leadsApproved,
    leadsPending: leads - leadsApproved,
    leadsDeclined: Math.round(leads * 0.12),
    revenue: Math.round(leadsApproved * payout * MICROS),
    cost: Math.round(clicks * cpc * MICROS),
  };
}

function sum(parts: readonly Counts[]): Counts {
  const total = traffic(0, 0, 0, 0);
  for (const part of parts) {
    for (const key of Object.keys(total) as (keyof Counts)[]) total[key] += part[key];
  }
  return total;
}

const ratio = (part: number, whole: number) => (whole === 0 ? 0 : (part / whole) * 100);

function metricsOf(counts: Counts): ReportMetrics {
  const leads = counts.leadsApproved + counts.leadsPending;
  const profit = counts.revenue - counts.cost;
  return {
    ...counts,
    lpCtr: ratio(counts.lpClicks, counts.lpViews),
    leads,
    cr: ratio(leads, counts.clicks),
    profit,
    roi: ratio(profit, counts.cost),
    epc: counts.clicks === 0 ? 0 : Math.round(counts.revenue / counts.clicks),
    cpc: counts.clicks === 0 ? 0 : Math.round(counts.cost / counts.clicks),
    ...NO_CUSTOM_EVENTS,
  };
}

// ---------------------------------------------------------------------------------------------------
// The campaigns list: a week of each campaign (paused ones ran part of it, the native test none); Meta
// Ads' campaigns have the report's numbers below.

const campaignTraffic: Record<number, Counts> = {
  1: traffic(8_412, 236, 38, 0.21),
  2: traffic(15_930, 301, 38, 0.31),
  5: traffic(61_204, 988, 12, 0.02),
  6: traffic(94_551, 702, 12, 0.011),
  7: traffic(12_806, 377, 42, 0.93),
  8: traffic(7_341, 519, 9, 0.18),
  9: traffic(1_212, 3, 2, 0.05),
  11: traffic(4_903, 96, 55, 1.45),
};

/** `GET /api/report/entity_stats` for the campaigns list; the report's campaigns agree with the report. */
export function entityStats(url: URL) {
  const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
  const inReport = new Map(reportTree().map((campaign) => [campaign.plan.campaignId, campaign.counts]));
  const counts = ids.flatMap((id) => {
    const found = inReport.get(id) ?? campaignTraffic[id];
    return found ? [[id, found] as const] : [];
  });
  return {
    stats: Object.fromEntries(counts.map(([id, found]) => [String(id), metricsOf(found)])),
    totals: metricsOf(sum(counts.map(([, found]) => found))),
    range,
  };
}

// ---------------------------------------------------------------------------------------------------
// The report: Meta Ads' campaigns by campaign, offer and country.

export const REPORT_SOURCE_ID = 2;

type CountryTraffic = [code: string, name: string, clicks: number, leads: number];

interface OfferTraffic {
  offerId: number;
  countries: CountryTraffic[];
}

const reportPlan: { campaignId: number; cpc: number; offers: OfferTraffic[] }[] = [
  {
    campaignId: 10,
    cpc: 0.48,
    offers: [
      {
        offerId: 10,
        countries: [
          ['DE', 'Germany', 6_120, 104],
          ['AT', 'Austria', 2_245, 41],
          ['NL', 'Netherlands', 1_988, 22],
          ['FR', 'France', 1_630, 9],
        ],
      },
      {
        offerId: 11,
        countries: [
          ['DE', 'Germany', 4_870, 97],
          ['CH', 'Switzerland', 1_922, 15],
        ],
      },
    ],
  },
  {
    campaignId: 3,
    cpc: 0.52,
    offers: [
      {
        offerId: 12,
        countries: [
          ['US', 'United States', 19_604, 388],
          ['CA', 'Canada', 2_544, 24],
        ],
      },
    ],
  },
  {
    campaignId: 4,
    cpc: 0.61,
    offers: [{ offerId: 12, countries: [['US', 'United States', 3_077, 41]] }],
  },
];

const nameOf = (items: readonly { id: number; name: string }[], id: number) =>
  items.find((item) => item.id === id)?.name ?? `#${id}`;

function reportTree() {
  return reportPlan.map((plan) => {
    const offerRows = plan.offers.map((offer) => {
      const payout = (offers.find((item) => item.id === offer.offerId)?.payoutMicros ?? 0) / MICROS;
      const countryRows = offer.countries.map(([code, name, clicks, leads]) => ({
        counts: traffic(clicks, leads, payout, plan.cpc),
        row: { dimension: 'country' as const, value: code, name },
      }));
      return {
        offerId: offer.offerId,
        counts: sum(countryRows.map((country) => country.counts)),
        countryRows,
      };
    });
    return { plan, counts: sum(offerRows.map((offer) => offer.counts)), offerRows };
  });
}

/** `GET /api/report` for the report story: the tree the grouping asks for, with the totals. */
export function report() {
  const tree = reportTree();
  const rows = tree.map(({ plan, counts, offerRows }) => ({
    dimension: 'campaign' as const,
    value: plan.campaignId,
    name: nameOf(campaigns, plan.campaignId),
    metrics: metricsOf(counts),
    children: offerRows.map((offer) => ({
      dimension: 'offer' as const,
      value: offer.offerId,
      name: nameOf(offers, offer.offerId),
      metrics: metricsOf(offer.counts),
      children: offer.countryRows.map(({ row, counts: countryCounts }) => ({
        ...row,
        metrics: metricsOf(countryCounts),
      })),
    })),
  }));
  const totals = metricsOf(sum(tree.map((campaign) => campaign.counts)));
  return { rows, total: rows.length, nextOffset: null, totals, range };
}
