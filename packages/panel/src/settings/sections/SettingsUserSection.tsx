import { PASSWORD_MIN_LENGTH } from '@cairn/contract';
import { Button, Card, CopyField, ServerMessage, TextField, toast } from '@cairn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState, useSyncExternalStore } from 'react';
import {
  changePassword,
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  fetchTwoFactorStatus,
  rotateAuthSecret,
} from '../../api/calls.ts';
import { useServices } from '../../app/services.ts';
import * as styles from '../../pages/pages.css.ts';
import { QrCode } from './QrCode.tsx';

function ChangePassword() {
  const { client } = useServices();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (newPassword.length < PASSWORD_MIN_LENGTH) {
      setError(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
      return;
    }
    if (newPassword !== repeat) {
      setError('The new passwords do not match');
      return;
    }
    setPending(true);
    const result = await changePassword(client, currentPassword, newPassword);
    setPending(false);
    if (result.status !== 'ok') {
      setError(result.message);
      return;
    }
    setError('');
    setCurrentPassword('');
    setNewPassword('');
    setRepeat('');
    toast.success('Password changed. Other browsers signed in as you were signed out.');
  };

  return (
    <Card title="Password">
      <form className={styles.stack} onSubmit={(event) => void submit(event)} noValidate>
        {error && (
          <div role="alert" className={styles.message}>
            <ServerMessage message={error} />
          </div>
        )}
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        <TextField
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
        />
        <div className={styles.row}>
          <Button type="submit" loading={pending}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}

const twoFactorKey = ['two-factor-status'] as const;

function TwoFactor() {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: twoFactorKey, queryFn: () => fetchTwoFactorStatus(client) });
  const [setup, setSetup] = useState<{ secret: string; otpauthUri: string }>();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const enabled = status.data?.status === 'ok' && status.data.data.enabled;
  // The 6-digit code of the authenticator app, asked for to turn two-factor sign-in on and off.
  const codeField = (label: string) => (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      value={code}
      onChange={(event) => setCode(event.target.value.trim())}
    />
  );

  const act = async (action: () => Promise<{ status: string; message?: string }>, done: string) => {
    setPending(true);
    const result = await action();
    setPending(false);
    if (result.status !== 'ok') {
      setError(result.message ?? 'Unknown error');
      return false;
    }
    setError('');
    setCode('');
    toast.success(done);
    await queryClient.invalidateQueries({ queryKey: twoFactorKey });
    return true;
  };

  const start = async () => {
    const result = await enableTwoFactor(client);
    if (result.status !== 'ok') {
      setError(result.message);
      return;
    }
    setError('');
    setSetup(result.data);
  };

  return (
    <Card
      title="Two-factor sign-in"
      description={enabled ? 'On: sign-in asks for a code from your authenticator app.' : 'Off.'}
    >
      <div className={styles.stack}>
        {error && (
          <div role="alert" className={styles.message}>
            <ServerMessage message={error} />
          </div>
        )}
        {enabled ? (
          <form
            className={styles.stack}
            onSubmit={(event) => {
              event.preventDefault();
              void act(() => disableTwoFactor(client, code), 'Two-factor sign-in is off.');
            }}
          >
            {codeField('Code to turn it off')}
            <div className={styles.row}>
              <Button type="submit" tone="danger" loading={pending}>
                Turn off two-factor sign-in
              </Button>
            </div>
          </form>
        ) : setup ? (
          <form
            className={styles.stack}
            onSubmit={(event) => {
              event.preventDefault();
              void act(() => confirmTwoFactor(client, code), 'Two-factor sign-in is on.').then((ok) => {
                if (ok) setSetup(undefined);
              });
            }}
          >
            <p>Scan this code with your authenticator app, then enter the 6-digit code it shows.</p>
            <QrCode value={setup.otpauthUri} label="Two-factor QR code" />
            <p className={styles.note}>
              Cannot scan? Enter this key: <code data-testid="two-factor-secret">{setup.secret}</code>
            </p>
            {codeField('Code from the app')}
            <div className={styles.row}>
              <Button type="submit" loading={pending}>
                Confirm
              </Button>
              <Button type="button" variant="ghost" onClick={() => setSetup(undefined)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className={styles.row}>
            <Button onClick={() => void start()} disabled={status.isPending}>
              Turn on two-factor sign-in
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}

function ReadOnlyLinks() {
  const { authSecret, client } = useServices();
  const secret = useSyncExternalStore(authSecret.subscribe, authSecret.getSnapshot);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    void authSecret.start();
    return () => authSecret.stop();
  }, [authSecret]);

  const rotate = async () => {
    setPending(true);
    const result = await rotateAuthSecret(client);
    setPending(false);
    if (result.status !== 'ok') {
      toast.error(result.message);
      return;
    }
    await authSecret.refresh();
    toast.success('New secret issued. Links made with the old one no longer open.');
  };

  return (
    <Card
      title="Read-only links"
      description="Links to reports opened outside the panel carry this secret as ?auth=. Issue a new one to cut off every link shared so far."
    >
      <div className={styles.stack}>
        {secret ? <CopyField label="Auth secret" value={secret} /> : <p className={styles.note}>Loading…</p>}
        <div className={styles.row}>
          <Button variant="outline" tone="danger" loading={pending} onClick={() => void rotate()}>
            Issue a new secret
          </Button>
        </div>
      </div>
    </Card>
  );
}

export function SettingsUserSection() {
  return (
    <div className={styles.narrow}>
      <ChangePassword />
      <TwoFactor />
      <ReadOnlyLinks />
    </div>
  );
}
