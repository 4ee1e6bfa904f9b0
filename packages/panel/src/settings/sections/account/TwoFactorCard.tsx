import {
  twoFactorCodeRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
} from '@cairn/contract';
import { Button, Card, TextField, toast } from '@cairn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import {
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  fetchTwoFactorStatus,
} from '../../../api/calls.ts';
import { useServices } from '../../../app/services.ts';
import type { CallResult } from '../../../http/client.ts';
import * as styles from '../../../pages/pages.css.ts';
import {
  CurrentPasswordField,
  type FieldErrors,
  type FormProblem,
  hasErrors,
  localErrors,
  ProblemAlert,
  refusalOf,
  useFocusFirstInvalid,
} from './accountForms.tsx';
import { QrCode } from './QrCode.tsx';

const twoFactorKey = ['two-factor-status'] as const;
const fields = ['code', 'currentPassword'] as const;
type TwoFactorField = (typeof fields)[number];

export function TwoFactorCard() {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: twoFactorKey, queryFn: () => fetchTwoFactorStatus(client) });
  const formRef = useRef<HTMLFormElement>(null);
  const [setup, setSetup] = useState<{ secret: string; otpauthUri: string }>();
  const [code, setCode] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<TwoFactorField>>({});
  const [problem, setProblem] = useState<FormProblem>();
  const [pending, setPending] = useState(false);
  useFocusFirstInvalid(formRef, errors);
  const enabled = status.data?.status === 'ok' && status.data.data.enabled;

  /** Checks the fields the step asks for, sends, and shows a refusal where it belongs; the data on success. */
  const send = async <T,>(
    local: FieldErrors<TwoFactorField>,
    call: () => Promise<CallResult<T>>,
  ): Promise<T | undefined> => {
    if (pending) return undefined;
    setProblem(undefined);
    setErrors(local);
    if (hasErrors(local)) return undefined;
    setPending(true);
    const result = await call();
    setPending(false);
    // Typed again for each try: the password is not kept in the page longer than one request.
    setCurrentPassword('');
    if (result.status !== 'ok') {
      const refusal = refusalOf(result, fields);
      setErrors(refusal.fieldErrors);
      setProblem(refusal.problem);
      return undefined;
    }
    setCode('');
    return result.data;
  };

  const finish = async (done: string) => {
    toast.success(done);
    await queryClient.invalidateQueries({ queryKey: twoFactorKey });
  };

  const start = async () => {
    const data = await send(localErrors(twoFactorEnableRequestSchema, { currentPassword }), () =>
      enableTwoFactor(client, currentPassword),
    );
    if (data) setSetup(data);
  };

  const confirm = async () => {
    const data = await send(localErrors(twoFactorCodeRequestSchema, { code }), () =>
      confirmTwoFactor(client, code),
    );
    if (!data) return;
    setSetup(undefined);
    await finish('Two-factor sign-in is on.');
  };

  const turnOff = async () => {
    const data = await send(localErrors(twoFactorDisableRequestSchema, { code, currentPassword }), () =>
      disableTwoFactor(client, code, currentPassword),
    );
    if (data) await finish('Two-factor sign-in is off.');
  };

  const cancel = () => {
    setSetup(undefined);
    setCode('');
    setErrors({});
    setProblem(undefined);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void (enabled ? turnOff() : setup ? confirm() : start());
  };

  // The 6-digit code of the authenticator app, asked for to confirm the setup and to turn it off.
  const codeField = (label: string) => (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      value={code}
      error={errors.code}
      onChange={(event) => setCode(event.target.value.trim())}
    />
  );
  const passwordField = (
    <CurrentPasswordField
      value={currentPassword}
      error={errors.currentPassword}
      onChange={setCurrentPassword}
    />
  );

  return (
    <Card
      title="Two-factor sign-in"
      aria-label="Two-factor sign-in"
      description={enabled ? 'On: sign-in asks for a code from your authenticator app.' : 'Off.'}
    >
      <form ref={formRef} className={styles.stack} onSubmit={onSubmit} noValidate>
        <ProblemAlert problem={problem} />
        {enabled ? (
          <>
            {codeField('Code to turn it off')}
            {passwordField}
            <div className={styles.row}>
              <Button type="submit" tone="danger" loading={pending}>
                Turn off two-factor sign-in
              </Button>
            </div>
          </>
        ) : setup ? (
          <>
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
              <Button type="button" variant="ghost" onClick={cancel}>
                Cancel
              </Button>
            </div>
          </>
        ) : (
          <>
            {passwordField}
            <div className={styles.row}>
              <Button type="submit" loading={pending} disabled={status.isPending}>
                Turn on two-factor sign-in
              </Button>
            </div>
          </>
        )}
      </form>
    </Card>
  );
}
