import {
  SPLIT_TEST_MIN_CLICKS,
  SPLIT_TEST_MIN_CONVERSIONS,
  SPLIT_TEST_WINNER_PROBABILITY,
  type SplitTestGroup,
  type SplitTestItem,
} from '@cairn/contract';
import { Badge, Button, Card, type DateRangeValue, EmptyState, PageHeader, Skeleton } from '@cairn/ui';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'wouter';
import type { PageProps } from '../pages/pageProps.ts';
import { formatMoney } from '../reports/format.ts';
import {
  periodFromQuery,
  periodOf,
  queryFromPeriod,
  rememberedPeriod,
  rememberPeriod,
} from '../reports/period.ts';
import { PERIOD_KEYS } from '../reports/periodState.ts';
import * as reportStyles from '../reports/reports.css.ts';
import { useReportZone, useStatsSettings, viewerLocale } from '../reports/settingsApi.ts';
import { subjectOf, useSubjectTitle } from '../reports/subject.ts';
import { ReportToolbar } from '../reports/toolbar/ReportToolbar.tsx';
import type { RouteQuery } from '../routes/query.ts';
import { useAddressState } from '../routes/useAddressState.ts';
import { useSplitTest } from './api.ts';
import * as styles from './splitTest.css.ts';

// `/campaigns/split-test/{id}`: each path of the campaign that rotated several offers or landers in the
// period, item by item with 95% credible intervals and the probability of being the best (the server's
// Beta-Binomial model), the winner highlighted and a note where the numbers are still too few.

export default function SplitTestPage({ params }: PageProps) {
  const id = Number(params.id);
  const zone = useReportZone();
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  if (!zone.ready) return <Skeleton height={240} />;
  return <SplitTest campaignId={id} timeZone={zone.timeZone} />;
}

function usePeriod(timeZone: string) {
  const part = useMemo(
    () => ({
      keys: PERIOD_KEYS,
      // Without a period of its own, the one last chosen on a list or a report, else the last week.
      read: (query: RouteQuery): DateRangeValue =>
        periodFromQuery(query, rememberedPeriod() ?? periodOf('last7', timeZone)),
      write: (period: DateRangeValue) => queryFromPeriod(period),
    }),
    [timeZone],
  );
  const [period, set] = useAddressState(part);
  const update = (next: DateRangeValue) => {
    rememberPeriod(next);
    set(next);
  };
  return [period, update] as const;
}

const percent = (value: number, locale: string) =>
  `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2, minimumFractionDigits: 2 }).format(value)}%`;

function SplitTest({ campaignId, timeZone }: { campaignId: number; timeZone: string }) {
  const subject = subjectOf('campaign', [campaignId]);
  const title = useSubjectTitle(subject);
  const locale = viewerLocale();
  const { settings } = useStatsSettings();
  const [period, setPeriod] = usePeriod(timeZone);
  const answer = useSplitTest(campaignId, period);
  const money = (micros: number) => formatMoney(micros, settings.baseCurrency, { locale, precision: 'rate' });

  let body: ReactNode;
  if (answer.isPending) body = <Skeleton height={240} />;
  else if (answer.isError)
    body = <EmptyState title="The split test could not be loaded" description={answer.error.message} />;
  else if (answer.data.groups.length === 0) {
    body = (
      <EmptyState
        title="No split test in this period"
        description="No path of this campaign sent its clicks to more than one offer or lander in the period."
      />
    );
  } else {
    body = (
      <div className={styles.groups}>
        {answer.data.groups.map((group) => (
          <GroupTable key={`${group.path}:${group.kind}`} group={group} locale={locale} money={money} />
        ))}
      </div>
    );
  }

  return (
    <div className={reportStyles.page}>
      <PageHeader
        title={`Split test: ${title}`}
        breadcrumbs={<Link href={subject.listPath}>{subject.listName}</Link>}
        actions={
          <Button asChild variant="outline" tone="neutral">
            <Link href={`/report/campaign/${campaignId}`}>Report</Link>
          </Button>
        }
      />
      <ReportToolbar period={period} onPeriodChange={setPeriod} locale={locale} />
      <p className={styles.method}>
        Each item&apos;s conversion rate is estimated as Beta(1 + conversions, 1 + clicks − conversions); the
        ranges are 95% credible intervals, and P(best) is the probability that the item&apos;s rate is the
        highest of its path. The EPC range is the CR range times the item&apos;s revenue per conversion. A
        winner is named once its P(best) reaches {Math.round(SPLIT_TEST_WINNER_PROBABILITY * 100)}% and every
        item has at least {SPLIT_TEST_MIN_CLICKS} clicks and {SPLIT_TEST_MIN_CONVERSIONS} conversions: below
        that a few conversions more or less still move the rates by whole points.
      </p>
      {body}
    </div>
  );
}

function GroupTable({
  group,
  locale,
  money,
}: {
  group: SplitTestGroup;
  locale: string;
  money: (micros: number) => string;
}) {
  const what = group.kind === 'offer' ? 'Offer' : 'Lander';
  const heading = `${group.pathName}: ${group.kind === 'offer' ? 'offers' : 'landers'}`;
  const withMoney = group.items.some((item) => item.epc !== undefined);
  const withLeads = group.items.some((item) => item.leads !== undefined);
  const highlighted = group.winner ?? null;
  const numeric = `${styles.cell} ${styles.numeric}`;
  const range = (low: number, high: number, format: (value: number) => string) =>
    `${format(low)} – ${format(high)}`;
  return (
    <Card>
      <h2 className={styles.groupTitle}>{heading}</h2>
      {group.note && (
        <p className={styles.note} role="note">
          {group.note}
        </p>
      )}
      <div className={styles.scroller}>
        <table className={styles.table} aria-label={heading}>
          <thead>
            <tr>
              <th scope="col" className={styles.header}>
                {what}
              </th>
              <th scope="col" className={styles.header}>
                Clicks
              </th>
              {withLeads && (
                <th scope="col" className={styles.header}>
                  Conversions
                </th>
              )}
              <th scope="col" className={styles.header}>
                CR
              </th>
              <th scope="col" className={styles.header}>
                CR 95% interval
              </th>
              {withMoney && (
                <>
                  <th scope="col" className={styles.header}>
                    EPC
                  </th>
                  <th scope="col" className={styles.header}>
                    EPC 95% interval
                  </th>
                </>
              )}
              <th scope="col" className={styles.header}>
                P(best)
              </th>
            </tr>
          </thead>
          <tbody>
            {group.items.map((item: SplitTestItem) => (
              <tr key={item.id} className={item.id === highlighted ? styles.winnerRow : undefined}>
                <th scope="row" className={styles.cell}>
                  {item.name} {item.id === highlighted && <Badge tone="success">Winner</Badge>}
                  {highlighted === null && item.id === group.leader && <Badge tone="neutral">Leading</Badge>}
                </th>
                <td className={numeric}>{item.clicks.toLocaleString(locale)}</td>
                {withLeads && <td className={numeric}>{(item.leads ?? 0).toLocaleString(locale)}</td>}
                <td className={numeric}>{percent(item.cr, locale)}</td>
                <td className={numeric}>
                  {range(item.crInterval.low, item.crInterval.high, (value) => percent(value, locale))}
                </td>
                {withMoney && (
                  <>
                    <td className={numeric}>{money(item.epc ?? 0)}</td>
                    <td className={numeric}>
                      {item.epcInterval ? range(item.epcInterval.low, item.epcInterval.high, money) : ''}
                    </td>
                  </>
                )}
                <td className={numeric}>{percent(item.pBest * 100, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
