import {
  API_KEY_HEADER,
  type ApiKey,
  type ApiKeyScope,
  type CreateApiKeyResponse,
  createApiKeyRequestSchema,
} from '@cairn/contract';
import {
  Button,
  Card,
  ConfirmDialog,
  CopyField,
  EmptyState,
  RadioGroup,
  ServerMessage,
  Skeleton,
  TextField,
  toast,
} from '@cairn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useCurrentUser } from '../../../app/hooks.ts';
import { useServices } from '../../../app/services.ts';
import { type CallProblem, problemOf } from '../../../entities/api.ts';
import { FormProblem } from '../../../entities/FormProblem.tsx';
import { renderProblem } from '../../../entities/problems.tsx';
import * as styles from '../../../pages/pages.css.ts';
import { formatDateTime } from '../../../utils/format.ts';
import { SaveButton } from '../SavedSettings.tsx';
import { SettingsSectionFrame } from '../SettingsSectionFrame.tsx';
import * as css from './apiKeys.css.ts';
import { apiKeysQueryKey, createApiKey, fetchApiKeys, revokeApiKey } from './apiKeysApi.ts';

// Settings > Public API: keys for scripts and bots. A key acts as its owner with the owner's rights; it
// is shown once, right after it is made, and revoking it refuses it at once.

const SCOPES: { value: ApiKeyScope; label: string }[] = [
  { value: 'read_only', label: 'Read-only (GET only)' },
  { value: 'read_write', label: 'Read and write' },
];
const scopeLabel = (scope: ApiKeyScope) => (scope === 'read_only' ? 'Read-only' : 'Read and write');

const when = (iso: string | null, none: string) => (iso ? formatDateTime(iso) : none);

/** A date input's day as the end of that day in the browser's time zone. */
const endOfDay = (day: string): string => new Date(`${day}T23:59:59`).toISOString();

export function SettingsPublicApiSection() {
  return (
    <SettingsSectionFrame
      title="Public API"
      intro={
        <>
          Scripts send a key as the <code>{API_KEY_HEADER}</code> header and act as its user, with that user's
          permissions. The API is described at <a href="/api/doc">/api/doc</a> (OpenAPI:{' '}
          <a href="/api/openapi.json">/api/openapi.json</a>).
        </>
      }
    >
      <CreateKeyCard />
      <KeyListCard />
    </SettingsSectionFrame>
  );
}

function CreateKeyCard() {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read_only');
  const [expiryDay, setExpiryDay] = useState('');
  const [problem, setProblem] = useState<CallProblem>();
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<CreateApiKeyResponse>();
  const fieldError = (field: string) => problem?.errors.find((error) => error.field === field)?.message;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const request = { name, scope, expiresAt: expiryDay ? endOfDay(expiryDay) : null };
    const local = createApiKeyRequestSchema.safeParse(request);
    if (!local.success) {
      setProblem({
        message: 'Check the fields',
        errors: local.error.issues.map((issue) => ({ message: issue.message, field: issue.path.join('.') })),
      });
      return;
    }
    setPending(true);
    const result = await createApiKey(client, local.data);
    setPending(false);
    if (result.status !== 'ok') {
      setProblem(problemOf(result));
      return;
    }
    setProblem(undefined);
    setCreated(result.data);
    setName('');
    setExpiryDay('');
    await queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
  };

  return (
    <Card title="New key" description="Name it after the script that will use it.">
      <form className={styles.stack} onSubmit={(event) => void create(event)} noValidate>
        <FormProblem problem={problem} atField={(field) => ['name', 'expiresAt'].includes(field ?? '')} />
        <div className={styles.narrow}>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={fieldError('name')}
          />
        </div>
        <RadioGroup label="Scope" options={SCOPES} value={scope} onValueChange={setScope} />
        <div className={styles.compactField}>
          <TextField
            type="date"
            label="Expires after"
            description="Optional; empty: never expires."
            value={expiryDay}
            onChange={(event) => setExpiryDay(event.target.value)}
            error={fieldError('expiresAt')}
          />
        </div>
        <SaveButton pending={pending} label="Create key" />
      </form>
      {created && (
        <div className={styles.stack} role="status">
          <p className={styles.message}>
            Copy the key of “{created.name}” now: it is shown this once, and only its fingerprint is kept.
          </p>
          <CopyField label="New API key" value={created.key} />
        </div>
      )}
    </Card>
  );
}

function KeyListCard() {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const query = useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: async ({ signal }) => {
      const result = await fetchApiKeys(client, signal);
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data.apiKeys;
    },
  });
  const showOwner = user?.role !== 'user';

  const revoke = async () => {
    if (!revoking) return;
    const result = await revokeApiKey(client, revoking.id);
    if (result.status !== 'ok') throw problemOf(result);
    await queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    toast.success(`Key “${revoking.name}” revoked.`);
  };

  let body: ReactNode;
  if (query.isPending) body = <Skeleton height="4rem" />;
  else if (query.isError) body = <ServerMessage message={query.error.message} />;
  else if (query.data.length === 0) body = <EmptyState title="No keys yet" description="Create one above." />;
  else {
    body = (
      <table className={css.table}>
        <thead>
          <tr>
            <th className={css.headCell}>Name</th>
            {showOwner && <th className={css.headCell}>User</th>}
            <th className={css.headCell}>Key</th>
            <th className={css.headCell}>Scope</th>
            <th className={css.headCell}>Created</th>
            <th className={css.headCell}>Last used</th>
            <th className={css.headCell}>Expires</th>
            <th className={css.headCell}>
              <span className={styles.note}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {query.data.map((key) => (
            <tr key={key.id}>
              <td className={css.cell}>{key.name}</td>
              {showOwner && <td className={css.cell}>{key.userLogin}</td>}
              <td className={`${css.cell} ${css.mono}`}>{key.prefix}…</td>
              <td className={css.cell}>{scopeLabel(key.scope)}</td>
              <td className={css.cell}>{when(key.createdAt, '')}</td>
              <td className={css.cell}>{when(key.lastUsedAt, 'Never')}</td>
              <td className={css.cell}>{when(key.expiresAt, 'Never')}</td>
              <td className={css.cell}>
                <Button
                  variant="outline"
                  tone="danger"
                  size="sm"
                  aria-label={`Revoke ${key.name}`}
                  onClick={() => setRevoking(key)}
                >
                  Revoke
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <Card
      title="Keys"
      description={showOwner ? "Every user's keys: admins can revoke any of them." : undefined}
    >
      {body}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke this key?"
        description={
          revoking
            ? `Scripts using “${revoking.name}” (${revoking.prefix}…) are refused from their next request, on every node.`
            : ''
        }
        confirmLabel="Revoke"
        tone="danger"
        onConfirm={revoke}
        renderError={renderProblem}
      />
    </Card>
  );
}
