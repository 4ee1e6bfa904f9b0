import { Badge } from '@cairn/ui';
import type { Item } from '../entities/types.ts';
import { formatDate } from '../utils/format.ts';
import { TLS_STATE_LABELS, TLS_STATE_TONES, useTlsStatus } from './tlsApi.ts';

// The Domains list's HTTPS column: the certificate's state, until when it is good, and why the last
// attempt failed, so an operator sees a domain about to break without opening each one.

export function TlsStateCell({ item }: { item: Item }) {
  const status = useTlsStatus();
  const tls = status.data?.domains.find((domain) => domain.domainId === item.id);
  if (!tls) return null;
  return (
    <span title={tls.lastError ?? undefined}>
      <Badge tone={TLS_STATE_TONES[tls.state]}>{TLS_STATE_LABELS[tls.state]}</Badge>
      {tls.notAfter && tls.state !== 'off' && <> until {formatDate(tls.notAfter)}</>}
    </span>
  );
}
