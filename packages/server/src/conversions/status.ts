import {
  type ConversionStatus,
  DEFAULT_STATUS_WORDS,
  type PostbackProcessingSettings,
} from '@cairn/contract';
import type { RoutedNetwork } from '../tracking/routing/table.ts';

// What a network's status text means here, and what each status counts for. A chargeback is a paid
// conversion taken back: it stays one conversion (counted with the declined ones) and loses its revenue
// and cost. Pending conversions count their expected revenue, as the seeded demo data does.

export interface MappedStatus {
  status: ConversionStatus;
  /** False when neither the network's mapping nor the common words know the text. */
  known: boolean;
}

export function mapStatus(
  text: string | null,
  network: RoutedNetwork | undefined,
  settings: PostbackProcessingSettings,
): MappedStatus {
  if (text === null) return { status: settings.missingStatus, known: true };
  const lower = text.toLowerCase();
  const mapped = network?.statusMapping.find((mapping) => mapping.networkStatus.toLowerCase() === lower);
  if (mapped) return { status: mapped.status, known: true };
  const word = DEFAULT_STATUS_WORDS[lower];
  if (word) return { status: word, known: true };
  return { status: settings.unknownStatus, known: false };
}

export interface Counted {
  approved: number;
  pending: number;
  declined: number;
  revenueMicros: number;
  costMicros: number;
}

export const NOTHING_COUNTED: Counted = {
  approved: 0,
  pending: 0,
  declined: 0,
  revenueMicros: 0,
  costMicros: 0,
};

/** Whether a conversion in this status earns (and costs) money. */
export function earns(status: ConversionStatus): boolean {
  return status === 'approved' || status === 'pending';
}

/** What one conversion adds to the sums in `status`, with its full revenue and cost. */
export function counted(status: ConversionStatus, revenueMicros: number, costMicros: number): Counted {
  const paid = earns(status);
  return {
    approved: status === 'approved' ? 1 : 0,
    pending: status === 'pending' ? 1 : 0,
    declined: status === 'declined' || status === 'chargeback' ? 1 : 0,
    revenueMicros: paid ? revenueMicros : 0,
    costMicros: paid ? costMicros : 0,
  };
}

export function difference(after: Counted, before: Counted): Counted {
  return {
    approved: after.approved - before.approved,
    pending: after.pending - before.pending,
    declined: after.declined - before.declined,
    revenueMicros: after.revenueMicros - before.revenueMicros,
    costMicros: after.costMicros - before.costMicros,
  };
}
