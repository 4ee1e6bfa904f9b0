import { CONVERSION_API_PATHS, postbackKeysResponseSchema } from '@cairn/contract';
import { Button, Card, ConfirmDialog, toast } from '@cairn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../../app/hooks.ts';
import { useServices } from '../../../app/services.ts';
import { problemOf } from '../../../entities/api.ts';
import { renderProblem } from '../../../entities/problems.tsx';
import * as styles from '../../../pages/pages.css.ts';

// The installation's postback key: every postback and pixel URL above carries it as `key=`, and a
// postback without it is refused. Admins rotate it (the old key keeps working until they retire it, so
// networks have time to take the new URL) and retire the old ones once every network has the new URL.

type Action = 'rotate' | 'retire';

const ACTIONS: Record<Action, { path: string; title: string; description: string; done: string }> = {
  rotate: {
    path: CONVERSION_API_PATHS.rotatePostbackKey,
    title: 'Make a new postback key?',
    description:
      'The postback and pixel URLs get the new key. The current key keeps working until you retire it: paste the new URLs into every affiliate network first.',
    done: 'New postback key made. The old one works until you retire it.',
  },
  retire: {
    path: CONVERSION_API_PATHS.retirePostbackKeys,
    title: 'Retire the old postback keys?',
    description:
      'Postbacks carrying an old key are refused from now on. Do this once every network sends the current URL.',
    done: 'Old postback keys retired. Only the current key works.',
  },
};

export function PostbackKeyCard({
  previousKeys,
  queryKey,
}: {
  previousKeys: number;
  queryKey: readonly unknown[];
}) {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const [asked, setAsked] = useState<Action | null>(null);
  const isAdmin = user?.role === 'admin';

  const run = async (action: Action) => {
    const result = await client.post(ACTIONS[action].path, { json: {}, schema: postbackKeysResponseSchema });
    // A rejection keeps the dialog open with the server's message.
    if (result.status !== 'ok') throw problemOf(result);
    await queryClient.invalidateQueries({ queryKey });
    toast.success(ACTIONS[action].done);
  };

  return (
    <Card
      title="Postback key"
      description="Every postback and pixel URL carries the installation's key (key=...); postbacks without it are refused (403). A network that cannot send it yet can be allowed without it from its own IP addresses, in its settings."
    >
      <div className={styles.stack}>
        {previousKeys > 0 && (
          <p className={styles.note}>
            {previousKeys === 1 ? 'An older key still works' : `${previousKeys} older keys still work`}:
            retire them once every network sends the current URL.
          </p>
        )}
        {isAdmin ? (
          <div>
            <Button type="button" size="sm" variant="outline" onClick={() => setAsked('rotate')}>
              Rotate key
            </Button>{' '}
            {previousKeys > 0 && (
              <Button
                type="button"
                size="sm"
                variant="outline"
                tone="danger"
                onClick={() => setAsked('retire')}
              >
                Retire old keys
              </Button>
            )}
          </div>
        ) : (
          <p className={styles.note}>Only admins rotate the postback key.</p>
        )}
      </div>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => {
          if (!open) setAsked(null);
        }}
        title={asked ? ACTIONS[asked].title : ''}
        description={asked ? ACTIONS[asked].description : ''}
        confirmLabel={asked === 'retire' ? 'Retire old keys' : 'Rotate key'}
        tone={asked === 'retire' ? 'danger' : 'accent'}
        renderError={renderProblem}
        onConfirm={async () => {
          if (asked) await run(asked);
          setAsked(null);
        }}
      />
    </Card>
  );
}
