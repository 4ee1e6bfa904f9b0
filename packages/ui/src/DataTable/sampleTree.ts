import type { DataTableColumn } from './types.ts';

// A deterministic report tree (Campaign > Offer > Country) for stories and tests of nested rows.
export interface SampleReportRow {
  id: string;
  name: string;
  clicks: number;
  conversions: number;
  revenue: number;
  cost: number;
  profit: number;
  roi: number;
  children?: SampleReportRow[];
}

const campaigns = ['US – Push – Sweepstakes', 'DE – Native – Nutra', 'BR – Pops – Dating'];
const offers = ['iPhone 17 Giveaway', 'Keto Slim', 'Local Dates'];
const countries = ['US', 'CA', 'DE', 'AT', 'BR'];

function metrics(seed: number) {
  const clicks = ((seed * 7919) % 4000) + 200;
  const conversions = Math.floor(clicks / (((seed * 31) % 40) + 25));
  const revenue = Math.round(conversions * ((((seed * 13) % 30) + 8) * 100)) / 100;
  const cost = Math.round(clicks * ((((seed * 17) % 60) + 5) / 100) * 100) / 100;
  const profit = Math.round((revenue - cost) * 100) / 100;
  return { clicks, conversions, revenue, cost, profit, roi: Math.round((profit / cost) * 10000) / 100 };
}

/** Parents carry the sums of their children, as a report answers. */
function sum(id: string, name: string, children: SampleReportRow[]): SampleReportRow {
  const total = (key: 'clicks' | 'conversions' | 'revenue' | 'cost') =>
    Math.round(children.reduce((acc, child) => acc + child[key], 0) * 100) / 100;
  const revenue = total('revenue');
  const cost = total('cost');
  const profit = Math.round((revenue - cost) * 100) / 100;
  return {
    id,
    name,
    clicks: total('clicks'),
    conversions: total('conversions'),
    revenue,
    cost,
    profit,
    roi: cost === 0 ? 0 : Math.round((profit / cost) * 10000) / 100,
    children,
  };
}

export function sampleReport(): SampleReportRow[] {
  return campaigns.map((campaign, c) =>
    sum(
      `c${c}`,
      campaign,
      offers.slice(0, 2 + (c % 2)).map((offer, o) =>
        sum(
          `c${c}/o${o}`,
          offer,
          countries.slice(0, 2 + ((c + o) % 3)).map((country, k) => ({
            id: `c${c}/o${o}/${country}`,
            name: country,
            ...metrics(c * 100 + o * 10 + k + 1),
          })),
        ),
      ),
    ),
  );
}

export const sampleReportColumns: DataTableColumn<SampleReportRow>[] = [
  { id: 'name', header: 'Campaign / offer / country', accessor: (r) => r.name, width: 300, hideable: false },
  { id: 'clicks', header: 'Clicks', accessor: (r) => r.clicks, kind: 'number', total: 'sum', width: 100 },
  {
    id: 'conversions',
    header: 'Conv.',
    accessor: (r) => r.conversions,
    kind: 'number',
    total: 'sum',
    width: 90,
  },
  { id: 'revenue', header: 'Revenue', accessor: (r) => r.revenue, kind: 'money', total: 'sum', width: 120 },
  { id: 'cost', header: 'Cost', accessor: (r) => r.cost, kind: 'money', total: 'sum', width: 110 },
  {
    id: 'profit',
    header: 'Profit',
    accessor: (r) => r.profit,
    kind: 'money',
    total: 'sum',
    profit: true,
    width: 120,
  },
  { id: 'roi', header: 'ROI', accessor: (r) => r.roi, kind: 'percent', profit: true, width: 100 },
];

export const reportSubRows = (row: SampleReportRow) => row.children;
export const reportRowId = (row: SampleReportRow) => row.id;
