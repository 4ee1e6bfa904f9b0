import type { DataTableColumn } from './types.ts';

// Deterministic sample rows for stories, tests and the benchmark (no Math.random: screenshots
// and timings must be comparable run to run).
export interface SampleCampaign {
  id: number;
  name: string;
  source: string;
  clicks: number;
  conversions: number;
  revenue: number;
  cost: number;
  profit: number;
  roi: number;
}

const sources = ['PropellerAds', 'Facebook', 'Google Ads', 'TikTok', 'Zeropark', 'Taboola'];
const geos = ['US', 'DE', 'BR', 'IN', 'FR', 'GB', 'MX', 'ID'];

export function sampleCampaigns(count: number): SampleCampaign[] {
  const rows: SampleCampaign[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const clicks = ((i * 7919) % 9973) + 10;
    const conversions = Math.floor(clicks / (((i * 31) % 40) + 20));
    const revenue = Math.round(conversions * ((((i * 13) % 50) + 5) * 100)) / 100;
    const cost = Math.round(clicks * ((((i * 17) % 30) + 1) / 100) * 100) / 100;
    const profit = Math.round((revenue - cost) * 100) / 100;
    rows[i] = {
      id: i + 1,
      name: `${geos[i % geos.length]} – ${sources[i % sources.length]} #${i + 1}`,
      source: sources[i % sources.length] as string,
      clicks,
      conversions,
      revenue,
      cost,
      profit,
      roi: cost === 0 ? 0 : Math.round((profit / cost) * 10000) / 100,
    };
  }
  return rows;
}

export const sampleColumns: DataTableColumn<SampleCampaign>[] = [
  { id: 'id', header: 'ID', accessor: (r) => r.id, kind: 'number', width: 80 },
  { id: 'name', header: 'Campaign', accessor: (r) => r.name, width: 240, filterable: true, hideable: false },
  { id: 'source', header: 'Source', accessor: (r) => r.source, filterable: true },
  {
    id: 'clicks',
    header: 'Clicks',
    accessor: (r) => r.clicks,
    kind: 'number',
    total: 'sum',
    filterable: true,
    width: 110,
  },
  {
    id: 'conversions',
    header: 'Conv.',
    accessor: (r) => r.conversions,
    kind: 'number',
    total: 'sum',
    width: 100,
  },
  { id: 'revenue', header: 'Revenue', accessor: (r) => r.revenue, kind: 'money', total: 'sum', width: 130 },
  { id: 'cost', header: 'Cost', accessor: (r) => r.cost, kind: 'money', total: 'sum', width: 120 },
  {
    id: 'profit',
    header: 'Profit',
    accessor: (r) => r.profit,
    kind: 'money',
    total: 'sum',
    profit: true,
    width: 130,
  },
  {
    id: 'roi',
    header: 'ROI',
    accessor: (r) => r.roi,
    kind: 'percent',
    total: 'avg',
    profit: true,
    width: 110,
  },
];
