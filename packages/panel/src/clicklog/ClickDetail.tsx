import {
  CLICK_LOG_COLUMNS,
  type ClickDetailResponse,
  type ClickLogColumn,
  clickDetailResponseSchema,
  REPORT_PATHS,
  type S2sDelivery,
} from '@cairn/contract';
import { CopyField, Dialog, Skeleton } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useServices } from '../app/services.ts';
import { Deliveries } from '../conversions/Deliveries.tsx';
import { formatInstant, formatMoney } from '../utils/format.ts';
import * as styles from './clickDetail.css.ts';
import { cellText, columnLabel } from './columns.tsx';

// The click log's detail of one click (`GET /api/clicks/:clickId`): its id to copy, every fact the
// engine recorded (time in the viewer's zone, campaign, rule and path, lander, offer, geo, device, IP,
// tokens), then its conversions with the state of each S2S postback to the traffic source.

export interface ClickDetailProps {
  clickId: string | null;
  onClose: () => void;
  locale: string;
  timeZone: string;
  currency: string;
}

export const clickDetailPath = (clickId: string) =>
  REPORT_PATHS.click.replace(':clickId', encodeURIComponent(clickId));

export function ClickDetail({ clickId, onClose, ...format }: ClickDetailProps) {
  return (
    <Dialog.Root open={clickId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {clickId !== null && (
        <Dialog.Content title="Click" size="lg">
          <ClickDetailBody clickId={clickId} {...format} />
        </Dialog.Content>
      )}
    </Dialog.Root>
  );
}

function ClickDetailBody({
  clickId,
  locale,
  timeZone,
  currency,
}: { clickId: string } & Omit<ClickDetailProps, 'clickId' | 'onClose'>) {
  const { client } = useServices();
  const detail = useQuery({
    queryKey: ['click', clickId],
    queryFn: async ({ signal }) => {
      const result = await client.get(clickDetailPath(clickId), {
        schema: clickDetailResponseSchema,
        signal,
      });
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data;
    },
  });
  return (
    <div className={styles.stack}>
      <CopyField label="Click ID" value={clickId} copyLabel="Copy ID" />
      {detail.isPending ? (
        <Skeleton height={200} />
      ) : detail.isError ? (
        <p role="alert" className={styles.muted}>
          {detail.error.message}
        </p>
      ) : (
        <>
          <Facts click={detail.data.click} locale={locale} timeZone={timeZone} currency={currency} />
          <Conversions
            conversions={detail.data.conversions}
            locale={locale}
            timeZone={timeZone}
            currency={currency}
          />
        </>
      )}
    </div>
  );
}

/** When the postback went out, or when its next try is due. */
function s2sWhen(s2s: S2sDelivery, locale: string, timeZone: string): string {
  const at = (iso: string) => formatInstant(iso, locale, timeZone);
  if (s2s.deliveredAt) return `, ${at(s2s.deliveredAt)}`;
  if (s2s.state === 'pending' && s2s.nextAttemptAt) return `, next try ${at(s2s.nextAttemptAt)}`;
  return '';
}

function factText(
  column: ClickLogColumn,
  click: ClickDetailResponse['click'],
  format: { locale: string; timeZone: string; currency: string },
): string | null {
  const cell = click[column];
  if (column === 'time') return formatInstant(String(cell), format.locale, format.timeZone);
  if (column === 'cost')
    return typeof cell === 'number' ? formatMoney(cell, format.currency, { locale: format.locale }) : null;
  const text = cellText(cell);
  return text === null ? null : String(text);
}

function Facts({
  click,
  ...format
}: {
  click: ClickDetailResponse['click'];
  locale: string;
  timeZone: string;
  currency: string;
}) {
  // The click id is in the copy field above; empty facts (a token never sent) are left out.
  const facts: { column: ClickLogColumn; text: string }[] = [];
  for (const column of CLICK_LOG_COLUMNS) {
    const text = column === 'click_id' ? null : factText(column, click, format);
    if (text !== null) facts.push({ column, text });
  }
  return (
    <dl className={styles.facts} aria-label="Click facts">
      {facts.map(({ column, text }) => (
        <Fragment key={column}>
          <dt className={styles.term}>{columnLabel(column)}</dt>
          <dd className={styles.value}>{text}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function Conversions({
  conversions,
  locale,
  timeZone,
  currency,
}: {
  conversions: ClickDetailResponse['conversions'];
  locale: string;
  timeZone: string;
  currency: string;
}) {
  if (conversions.length === 0) {
    return (
      <>
        <h3 className={styles.heading}>Conversions</h3>
        <p className={styles.muted}>No conversion for this click.</p>
      </>
    );
  }
  const showsPayout = conversions.some((row) => row.revenueMicros !== undefined);
  return (
    <>
      <h3 className={styles.heading}>Conversions</h3>
      <table className={styles.conversions} aria-label="Conversions of this click">
        <thead>
          <tr>
            <th className={styles.cell}>Time</th>
            <th className={styles.cell}>Status</th>
            {showsPayout && <th className={styles.cell}>Payout</th>}
            <th className={styles.cell}>Transaction ID</th>
            <th className={styles.cell}>S2S postback</th>
          </tr>
        </thead>
        <tbody>
          {conversions.map((row) => (
            <tr key={row.seq}>
              <td className={styles.cell}>{formatInstant(row.time, locale, timeZone)}</td>
              <td className={styles.cell}>
                {row.status.charAt(0).toUpperCase() + row.status.slice(1)}
                {row.networkStatus ? ` (${row.networkStatus})` : ''}
              </td>
              {showsPayout && (
                <td className={styles.cell}>
                  {row.revenueMicros === undefined
                    ? '–'
                    : formatMoney(row.revenueMicros, currency, { locale })}
                </td>
              )}
              <td className={styles.cell}>{row.txid || '–'}</td>
              <td className={styles.cell}>
                <Deliveries row={row} s2sWhen={s2sWhen(row.s2s, locale, timeZone)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
