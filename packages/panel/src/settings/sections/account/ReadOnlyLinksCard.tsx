import { authSecretRotateRequestSchema } from '@cairn/contract';
import { Button, Card, CopyField, toast } from '@cairn/ui';
import { type FormEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { rotateAuthSecret } from '../../../api/calls.ts';
import { useServices } from '../../../app/services.ts';
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

export function ReadOnlyLinksCard() {
  const { authSecret, client } = useServices();
  const secret = useSyncExternalStore(authSecret.subscribe, authSecret.getSnapshot);
  const formRef = useRef<HTMLFormElement>(null);
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'currentPassword'>>({});
  const [problem, setProblem] = useState<FormProblem>();
  const [pending, setPending] = useState(false);
  useFocusFirstInvalid(formRef, errors);
  useEffect(() => {
    void authSecret.start();
    return () => authSecret.stop();
  }, [authSecret]);

  const rotate = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const local = localErrors(authSecretRotateRequestSchema, { currentPassword });
    setProblem(undefined);
    setErrors(local);
    if (hasErrors(local)) return;
    setPending(true);
    const result = await rotateAuthSecret(client, currentPassword);
    setPending(false);
    // Typed again for each try: the password is not kept in the page longer than one request.
    setCurrentPassword('');
    if (result.status !== 'ok') {
      const refusal = refusalOf(result, ['currentPassword'] as const);
      setErrors(refusal.fieldErrors);
      setProblem(refusal.problem);
      return;
    }
    await authSecret.refresh();
    toast.success('New secret issued. Links made with the old one no longer open.');
  };

  return (
    <Card
      title="Read-only links"
      aria-label="Read-only links"
      description="Links to reports opened outside the panel carry this secret as ?auth=. Issue a new one to cut off every link shared so far."
    >
      <div className={styles.stack}>
        {secret ? <CopyField label="Auth secret" value={secret} /> : <p className={styles.note}>Loading…</p>}
        <form ref={formRef} className={styles.stack} onSubmit={(event) => void rotate(event)} noValidate>
          <ProblemAlert problem={problem} />
          <CurrentPasswordField
            value={currentPassword}
            error={errors.currentPassword}
            onChange={setCurrentPassword}
          />
          <div className={styles.row}>
            <Button type="submit" variant="outline" tone="danger" loading={pending}>
              Issue a new secret
            </Button>
          </div>
        </form>
      </div>
    </Card>
  );
}
