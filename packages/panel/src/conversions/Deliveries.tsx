import { type ConversionRow, DELIVERY_DESTINATION_NAMES } from '@cairn/contract';
import * as styles from './conversions.css.ts';
import { RetryS2sButton } from './RetryS2sButton.tsx';
import { s2sStateText } from './s2sState.ts';

// Where a conversion went and how each delivery stands: the traffic source's S2S postback alone reads as
// it always did ("Failing (5 tries): connection refused"); a conversion that also goes to ad platforms
// lists each destination by name, each with its own Retry while it fails.

/** Whether the row shows more than the S2S postback. */
const hasPlatforms = (row: Pick<ConversionRow, 'deliveries'>) =>
  row.deliveries.some((delivery) => delivery.destination !== 's2s');

/** The deliveries in words, for sorting, filtering and the CSV: "S2S postback: Delivered; Meta: Failed (9 tries)". */
export function deliveriesText(row: Pick<ConversionRow, 's2s' | 'deliveries'>): string {
  if (!hasPlatforms(row)) return s2sStateText(row.s2s);
  return row.deliveries
    .map((delivery) => `${DELIVERY_DESTINATION_NAMES[delivery.destination]}: ${s2sStateText(delivery)}`)
    .join('; ');
}

export function Deliveries({
  row,
  s2sWhen = '',
}: {
  row: Pick<ConversionRow, 'clickId' | 'seq' | 's2s' | 'deliveries'>;
  /** Said after the S2S postback's state when it is the only delivery (" at 10:30"). */
  s2sWhen?: string;
}) {
  if (!hasPlatforms(row)) {
    return (
      <>
        {s2sStateText(row.s2s)}
        {s2sWhen} <RetryS2sButton clickId={row.clickId} seq={row.seq} s2s={row.s2s} />
      </>
    );
  }
  return (
    <ul className={styles.deliveries}>
      {row.deliveries.map((delivery) => {
        const name = DELIVERY_DESTINATION_NAMES[delivery.destination];
        return (
          <li key={delivery.destination}>
            {name}: {s2sStateText(delivery)}{' '}
            <RetryS2sButton
              clickId={row.clickId}
              seq={row.seq}
              s2s={delivery}
              destination={delivery.destination}
              label={`Retry ${name}`}
            />
          </li>
        );
      })}
    </ul>
  );
}
