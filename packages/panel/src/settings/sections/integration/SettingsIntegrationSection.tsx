import {
  INTEGRATION_PATHS,
  INTEGRATION_PLATFORM_NAMES,
  INTEGRATION_PLATFORMS,
  type IntegrationAccount,
  type IntegrationPlatform,
  integrationAccountListSchema,
  integrationAccountSchema,
  integrationCheckSchema,
} from '@cairn/contract';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  Select,
  Skeleton,
  TextField,
  toast,
} from '@cairn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { type CallProblem, problemOf } from '../../../entities/api.ts';
import { renderProblem } from '../../../entities/problems.tsx';
import * as styles from '../../../pages/pages.css.ts';
import { formatDateTime } from '../../../utils/format.ts';
import { SettingsSectionFrame } from '../SettingsSectionFrame.tsx';
import { ConversionsOutCard } from './ConversionsOutCard.tsx';
import { CostSyncCard } from './CostSyncCard.tsx';

// Settings > Integration (admins): ad platform accounts. Connecting one stores its credentials (Meta's
// and TikTok's access token, Google Ads' OAuth client, refresh and developer tokens) encrypted; the
// server never answers them back, so the list shows only whether they are stored and how the last
// connection check went. Once an account exists, traffic sources can be set to send their conversions
// to it.

const queryKey = ['settings', 'integration'] as const;

const accountPath = (id: number) => INTEGRATION_PATHS.account.replace(':id', String(id));

const CONNECT_HELP: Readonly<Record<IntegrationPlatform, string>> = {
  meta: "A Conversions API access token from Meta Events Manager (or a system user's token).",
  google_ads:
    'The developer token from the Google Ads API Center, an OAuth client with a refresh token granted the adwords scope, and the customer id the conversion actions (and, for cost sync, the campaigns) belong to.',
  tiktok:
    'An Events API access token, generated in TikTok Events Manager for the pixel; for cost sync, a Marketing API access token with reporting access to the advertiser.',
  propellerads:
    'The API token of your PropellerAds advertiser account, for cost sync (its spend by day and zone).',
  taboola:
    'Your Taboola Backstage API client as client_id:client_secret, for cost sync (its spend by day and site).',
  mgid: 'Your MGID client id and the API token from the MGID dashboard as client_id:token, for cost sync (its spend by day and widget).',
};

/** Google Ads' credential fields, as the contract names them, with their labels. */
const GOOGLE_FIELDS = [
  { key: 'developerToken', label: 'Developer token', secret: true },
  { key: 'clientId', label: 'OAuth client id', secret: false },
  { key: 'clientSecret', label: 'OAuth client secret', secret: true },
  { key: 'refreshToken', label: 'Refresh token', secret: true },
  { key: 'customerId', label: 'Customer id', secret: false },
  { key: 'loginCustomerId', label: 'Manager account id (optional)', secret: false },
] as const;
type GoogleField = (typeof GOOGLE_FIELDS)[number]['key'];
const NO_GOOGLE: Readonly<Record<GoogleField, string>> = {
  developerToken: '',
  clientId: '',
  clientSecret: '',
  refreshToken: '',
  customerId: '',
  loginCustomerId: '',
};

/** What the server is sent for the platform: only its own credentials, optional ones left out when empty. */
function credentialsOf(platform: IntegrationPlatform, token: string, google: Record<GoogleField, string>) {
  if (platform !== 'google_ads') return { accessToken: token };
  const { loginCustomerId, ...required } = google;
  return { googleAds: loginCustomerId.trim() ? { ...required, loginCustomerId } : required };
}

function checkText(account: IntegrationAccount): string {
  if (account.checkState === 'unchecked' || account.checkedAt === null) return 'Not checked yet';
  const when = formatDateTime(account.checkedAt);
  return account.checkState === 'ok'
    ? `Connected (checked ${when})`
    : `Check failed ${when}: ${account.checkError ?? 'no reason given'}`;
}

export function SettingsIntegrationSection() {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const [platform, setPlatform] = useState<IntegrationPlatform>('meta');
  const [name, setName] = useState('');
  const [token, setToken] = useState('');
  const [google, setGoogle] = useState<Record<GoogleField, string>>(NO_GOOGLE);
  const [problem, setProblem] = useState<CallProblem | null>(null);
  const [pending, setPending] = useState(false);
  const [deleting, setDeleting] = useState<IntegrationAccount | null>(null);
  const [checking, setChecking] = useState<number | null>(null);
  const accounts = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const result = await client.get(INTEGRATION_PATHS.accounts, {
        schema: integrationAccountListSchema,
        signal,
      });
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data.items;
    },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const fieldError = (field: string) => problem?.errors.find((error) => error.field === field)?.message;

  const connect = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      const result = await client.post(INTEGRATION_PATHS.accounts, {
        json: { platform, name, ...credentialsOf(platform, token, google) },
        schema: integrationAccountSchema,
      });
      if (result.status !== 'ok') {
        setProblem(problemOf(result));
        return;
      }
      setProblem(null);
      setName('');
      setToken('');
      setGoogle(NO_GOOGLE);
      toast.success(`${result.data.name} connected. Check the connection to try the credentials.`);
      await refresh();
    } finally {
      setPending(false);
    }
  };

  const check = async (account: IntegrationAccount) => {
    setChecking(account.id);
    try {
      const result = await client.post(INTEGRATION_PATHS.check.replace(':id', String(account.id)), {
        json: {},
        schema: integrationCheckSchema,
      });
      if (result.status !== 'ok') toast.error(result.message);
      else if (result.data.ok) toast.success(`Connected as ${result.data.identity ?? 'an unnamed user'}.`);
      else {
        toast.error(
          result.data.tokenExpired
            ? `The token expired or was revoked: connect new credentials. ${result.data.error ?? ''}`
            : `The check failed: ${result.data.error ?? 'no reason given'}`,
        );
      }
      await refresh();
    } finally {
      setChecking(null);
    }
  };

  return (
    <SettingsSectionFrame
      title="Integration"
      intro="Ad platform accounts conversions are sent to. Tokens and other credentials are stored encrypted and never shown again after saving."
    >
      <Card title="Accounts">
        {accounts.isPending ? (
          <Skeleton width={240} />
        ) : accounts.isError ? (
          <p role="alert">The integration accounts could not be read: {accounts.error.message}</p>
        ) : accounts.data.length === 0 ? (
          <EmptyState title="No accounts yet" description="Connect one below." />
        ) : (
          <ul className={styles.stack} aria-label="Integration accounts">
            {accounts.data.map((account) => (
              <li key={account.id} className={styles.stack}>
                <div>
                  <strong>{account.name}</strong> {INTEGRATION_PLATFORM_NAMES[account.platform]}{' '}
                  <Badge tone={account.checkState === 'failed' ? 'danger' : 'neutral'}>
                    {account.hasAccessToken
                      ? account.platform === 'google_ads'
                        ? 'Credentials stored'
                        : 'Token stored'
                      : 'No token'}
                  </Badge>
                </div>
                <p>{checkText(account)}</p>
                <div>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={checking === account.id}
                    onClick={() => void check(account)}
                    aria-label={`Check connection of ${account.name}`}
                  >
                    Check connection
                  </Button>{' '}
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    tone="danger"
                    onClick={() => setDeleting(account)}
                    aria-label={`Delete ${account.name}`}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
          title={`Delete ${deleting?.name ?? 'the account'}?`}
          description="Its token is deleted; conversions queued for it are not sent."
          confirmLabel="Delete"
          tone="danger"
          renderError={renderProblem}
          onConfirm={async () => {
            if (!deleting) return;
            const result = await client.delete(accountPath(deleting.id));
            if (result.status !== 'ok') throw problemOf(result);
            setDeleting(null);
            await refresh();
          }}
        />
      </Card>
      <Card title="Connect an account" description={CONNECT_HELP[platform]}>
        <form className={styles.stack} onSubmit={(event) => void connect(event)} noValidate>
          <div className={styles.narrow}>
            <Select<IntegrationPlatform>
              label="Platform"
              options={INTEGRATION_PLATFORMS.map((one) => ({
                value: one,
                label: INTEGRATION_PLATFORM_NAMES[one],
              }))}
              value={platform}
              onValueChange={(value) => {
                setPlatform(value);
                setProblem(null);
              }}
              error={fieldError('platform')}
            />
          </div>
          <TextField
            label="Name"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            error={fieldError('name')}
          />
          {platform === 'google_ads' ? (
            GOOGLE_FIELDS.map((field) => (
              <TextField
                key={field.key}
                label={field.label}
                type={field.secret ? 'password' : 'text'}
                autoComplete="off"
                spellCheck={false}
                value={google[field.key]}
                onChange={(event) => setGoogle({ ...google, [field.key]: event.target.value })}
                error={
                  fieldError(`googleAds.${field.key}`) ??
                  (field.key === 'developerToken' ? fieldError('googleAds') : undefined)
                }
              />
            ))
          ) : (
            <TextField
              label="Access token"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={token}
              onChange={(event) => setToken(event.target.value)}
              error={fieldError('accessToken')}
            />
          )}
          {problem && !problem.errors.some((error) => error.field) && renderProblem(problem)}
          <div>
            <Button type="submit" disabled={pending}>
              Connect
            </Button>
          </div>
        </form>
      </Card>
      {accounts.data && accounts.data.length > 0 && (
        <>
          <ConversionsOutCard accounts={accounts.data} />
          <ConversionsOutCard accounts={accounts.data} scope="campaign" />
        </>
      )}
      {accounts.data && accounts.data.length > 0 && <CostSyncCard accounts={accounts.data} />}
    </SettingsSectionFrame>
  );
}
