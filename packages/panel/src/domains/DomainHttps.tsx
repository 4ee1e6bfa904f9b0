import type { TlsDomain } from '@cairn/contract';
import { Badge, Button, Switch, toast } from '@cairn/ui';
import { type ReactNode, useState } from 'react';
import { useCurrentUser } from '../app/hooks.ts';
import * as entityStyles from '../entities/entities.css.ts';
import type { FormExtrasProps } from '../entities/types.ts';
import { Figures } from '../pages/Figures.tsx';
import { formatDateTime } from '../utils/format.ts';
import { TLS_STATE_LABELS, TLS_STATE_TONES, useTlsActions, useTlsStatus } from './tlsApi.ts';

// Below a saved domain's form, for admins: HTTPS for this domain (a certificate from the ACME CA, renewed
// by the server), whether plain HTTP is sent on to HTTPS, the certificate's state and the last error, and
// "Get certificate now" for when the operator has just pointed DNS at the tracker and will not wait.

function Facts({ tls, httpsPort }: { tls: TlsDomain; httpsPort: number | null }) {
  const rows: [string, ReactNode][] = [
    [
      'Certificate',
      <Badge key="state" tone={TLS_STATE_TONES[tls.state]}>
        {TLS_STATE_LABELS[tls.state]}
      </Badge>,
    ],
  ];
  if (tls.notAfter) rows.push(['Expires', formatDateTime(tls.notAfter)]);
  if (tls.lastAttemptAt) rows.push(['Last attempt', formatDateTime(tls.lastAttemptAt)]);
  if (tls.lastError)
    rows.push([
      'Last error',
      <span key="error" role="status">
        {tls.lastError}
      </span>,
    ]);
  if (httpsPort === null) {
    rows.push(['Server', 'HTTPS is not served here: set CAIRN_HTTPS_PORT (443 in production) and restart.']);
  }
  return <Figures rows={rows} />;
}

export function DomainHttps({ mode, item }: FormExtrasProps) {
  const user = useCurrentUser();
  const status = useTlsStatus();
  const actions = useTlsActions();
  const [busy, setBusy] = useState<'save' | 'issue' | null>(null);
  if (mode !== 'edit' || !item || user === undefined || user.role === 'user') return null;
  const tls = status.data?.domains.find((domain) => domain.domainId === item.id);
  const save = async (update: { https: boolean; redirectHttp: boolean }) => {
    setBusy('save');
    try {
      await actions.update(item.id, update);
      toast.success(
        update.https ? 'HTTPS is on; the certificate is being requested.' : 'HTTPS settings saved.',
      );
    } catch (error) {
      toast.error((error as Error).message, { title: 'HTTPS was not changed' });
    } finally {
      setBusy(null);
    }
  };
  const issue = async () => {
    setBusy('issue');
    try {
      const answer = await actions.issue(item.id);
      if (answer.issued) toast.success(`A certificate for ${answer.domain.host} was issued.`);
      else toast.error(answer.error ?? 'The CA gave no reason.', { title: 'Certificate not issued' });
    } catch (error) {
      toast.error((error as Error).message, { title: 'Certificate not issued' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className={entityStyles.stack} aria-label="HTTPS">
      <h2 className={entityStyles.sectionTitle}>HTTPS</h2>
      {status.isError && <p role="alert">{status.error.message}</p>}
      {tls && (
        <>
          <Switch
            label="Serve HTTPS with a certificate from the CA"
            checked={tls.https}
            disabled={busy !== null}
            onCheckedChange={(https) => save({ https, redirectHttp: https && tls.redirectHttp })}
          />
          <Switch
            label="Send plain HTTP on to HTTPS"
            checked={tls.redirectHttp}
            disabled={busy !== null || !tls.https}
            onCheckedChange={(redirectHttp) => save({ https: tls.https, redirectHttp })}
          />
          <Facts tls={tls} httpsPort={status.data?.httpsPort ?? null} />
          <span className={entityStyles.actions}>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={!tls.https || busy !== null}
              loading={busy === 'issue'}
              onClick={issue}
            >
              Get certificate now
            </Button>
          </span>
        </>
      )}
    </section>
  );
}
