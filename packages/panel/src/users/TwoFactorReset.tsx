import { userPath, userSchema } from '@cairn/contract';
import { Badge, Button, ConfirmDialog, ServerMessage } from '@cairn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../app/services.ts';
import { type CallProblem, entityQueryKeys, problemOf } from '../entities/api.ts';
import * as entityStyles from '../entities/entities.css.ts';
import type { FormExtrasProps } from '../entities/types.ts';

// For a user who lost their authenticator: two-factor sign-in is turned off, and they can set it up again.
export function TwoFactorReset({ mode, item }: FormExtrasProps) {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [confirming, setConfirming] = useState(false);
  if (mode !== 'edit' || !item) return null;
  const on = enabled ?? item.twoFactorEnabled === true;
  const reset = async () => {
    const result = await client.post(userPath.twoFactorReset(item.id), { schema: userSchema });
    // A rejection keeps the dialog open with the server's message.
    if (result.status !== 'ok') throw problemOf(result);
    setEnabled(result.data.twoFactorEnabled);
    void queryClient.invalidateQueries({ queryKey: entityQueryKeys.all('user') });
  };
  return (
    <section className={entityStyles.stack} aria-label="Two-factor sign-in">
      <h2 className={entityStyles.sectionTitle}>Two-factor sign-in</h2>
      <span className={entityStyles.actions}>
        <Badge tone={on ? 'success' : 'neutral'}>{on ? 'On' : 'Off'}</Badge>
        <Button
          type="button"
          size="sm"
          variant="outline"
          tone="danger"
          disabled={!on}
          onClick={() => setConfirming(true)}
        >
          Reset two-factor
        </Button>
      </span>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Reset two-factor sign-in of "${String(item.login)}"?`}
        description="They sign in with the password alone until they set two-factor up again."
        confirmLabel="Reset"
        tone="danger"
        onConfirm={reset}
        renderError={(error) => {
          const problem = error as CallProblem;
          return <ServerMessage message={problem.message} errors={problem.errors} />;
        }}
      />
    </section>
  );
}
