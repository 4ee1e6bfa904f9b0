import { changePasswordRequestSchema, PASSWORD_MIN_LENGTH } from '@cairn/contract';
import { Button, Card, TextField, toast } from '@cairn/ui';
import { type FormEvent, useRef, useState } from 'react';
import { changePassword } from '../../../api/calls.ts';
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

type PasswordField = 'currentPassword' | 'newPassword' | 'repeat';

export function ChangePasswordCard() {
  const { client } = useServices();
  const formRef = useRef<HTMLFormElement>(null);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FieldErrors<PasswordField>>({});
  const [problem, setProblem] = useState<FormProblem>();
  const [pending, setPending] = useState(false);
  useFocusFirstInvalid(formRef, errors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const local: FieldErrors<PasswordField> = localErrors(changePasswordRequestSchema, {
      currentPassword,
      newPassword,
    });
    if (!local.newPassword && newPassword !== repeat) local.repeat = 'The new passwords do not match';
    setProblem(undefined);
    setErrors(local);
    if (hasErrors(local)) return;
    setPending(true);
    const result = await changePassword(client, currentPassword, newPassword);
    setPending(false);
    // Typed again for each try: the password is not kept in the page longer than one request.
    setCurrentPassword('');
    if (result.status !== 'ok') {
      const refusal = refusalOf(result, ['currentPassword', 'newPassword'] as const);
      setErrors(refusal.fieldErrors);
      setProblem(refusal.problem);
      return;
    }
    setNewPassword('');
    setRepeat('');
    toast.success('Password changed. Other browsers signed in as you were signed out.');
  };

  return (
    <Card title="Password" aria-label="Password">
      <form ref={formRef} className={styles.stack} onSubmit={(event) => void submit(event)} noValidate>
        <ProblemAlert problem={problem} />
        <CurrentPasswordField
          value={currentPassword}
          error={errors.currentPassword}
          onChange={setCurrentPassword}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          description={`At least ${PASSWORD_MIN_LENGTH} characters, not one of the most common, not your login.`}
          value={newPassword}
          error={errors.newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        <TextField
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          required
          value={repeat}
          error={errors.repeat}
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
