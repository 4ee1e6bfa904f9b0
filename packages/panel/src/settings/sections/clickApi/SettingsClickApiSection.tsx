import {
  CLICK_API_PARAMS,
  CLICK_API_PATHS,
  CLICK_API_TOKEN_HEADER,
  type ClickApiTokenResponse,
  clickApiSettingsSchema,
  clickApiTokenResponseSchema,
} from '@cairn/contract';
import { Button, Card, CodeBlock, ConfirmDialog, CopyField, Skeleton, toast } from '@cairn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { problemOf } from '../../../entities/api.ts';
import { renderProblem } from '../../../entities/problems.tsx';
import * as styles from '../../../pages/pages.css.ts';
import { formatDateTime } from '../../../utils/format.ts';
import { SettingsSectionFrame } from '../SettingsSectionFrame.tsx';

// Settings > Click API (admins): the token a lander's server sends to /click/api to have a click routed
// and recorded with no redirect. The token is shown once, right after it is made; making another or
// turning the API off refuses the one before at once, on every node.

const queryKey = ['settings', 'click-api'] as const;

type Action = 'make' | 'off';

/** The examples a lander's developer copies: the call, and a PHP lander sending its visitor on. */
export function clickApiExamples(
  origin: string,
  campaignKey = 'CAMPAIGN_KEY',
): { curl: string; php: string } {
  const endpoint = `${origin}/click/api`;
  const p = CLICK_API_PARAMS;
  return {
    curl: [
      `curl -H "${CLICK_API_TOKEN_HEADER}: $CLICK_API_TOKEN" \\`,
      `  --data-urlencode "key=${campaignKey}" --data-urlencode "${p.ip}=203.0.113.9" \\`,
      `  --data-urlencode "${p.userAgent}=Mozilla/5.0 ..." --data-urlencode "t1=zone-4411" \\`,
      `  ${endpoint}`,
    ].join('\n'),
    php: [
      '<?php',
      '// Ask the tracker where this visitor goes, then send them there (or show the lander yourself).',
      `$query = http_build_query([`,
      `  'key' => '${campaignKey}',`,
      `  '${p.ip}' => $_SERVER['REMOTE_ADDR'],`,
      `  '${p.userAgent}' => $_SERVER['HTTP_USER_AGENT'] ?? '',`,
      `  '${p.language}' => $_SERVER['HTTP_ACCEPT_LANGUAGE'] ?? '',`,
      `  '${p.referrer}' => $_SERVER['HTTP_REFERER'] ?? '',`,
      `  '${p.cookies}' => $_SERVER['HTTP_COOKIE'] ?? '',`,
      `] + $_GET);`,
      `$context = stream_context_create(['http' => [`,
      `  'header' => "${CLICK_API_TOKEN_HEADER}: " . getenv('CLICK_API_TOKEN'),`,
      `  'timeout' => 2,`,
      `]]);`,
      `$click = json_decode(file_get_contents('${endpoint}?' . $query, false, $context), true);`,
      `if (($click['status'] ?? '') !== 'routed') { http_response_code(404); exit; }`,
      `foreach ($click['cookies'] as $cookie) {`,
      `  setcookie($cookie['name'], $cookie['value'], time() + $cookie['maxAgeSeconds'], '/');`,
      `}`,
      `header('Location: ' . $click['url'], true, 302);`,
    ].join('\n'),
  };
}

export function SettingsClickApiSection() {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<Action | null>(null);
  const [made, setMade] = useState<ClickApiTokenResponse | null>(null);
  const settings = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const result = await client.get(CLICK_API_PATHS.settings, { schema: clickApiSettingsSchema, signal });
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data;
    },
  });
  const enabled = settings.data?.enabled === true;
  const examples = clickApiExamples(window.location.origin);

  const run = async (action: Action) => {
    if (action === 'make') {
      const result = await client.post(CLICK_API_PATHS.token, {
        json: {},
        schema: clickApiTokenResponseSchema,
      });
      if (result.status !== 'ok') throw problemOf(result);
      setMade(result.data);
      toast.success('New click-API token made. Copy it now: it is shown this once.');
    } else {
      const result = await client.delete(CLICK_API_PATHS.token, { schema: clickApiSettingsSchema });
      if (result.status !== 'ok') throw problemOf(result);
      setMade(null);
      toast.success('The Click API is off. Its token no longer works.');
    }
    await queryClient.invalidateQueries({ queryKey });
  };

  return (
    <SettingsSectionFrame
      title="Click API"
      intro={
        <>
          A lander's own server code asks <code>/click/api</code> where a visitor goes: the tracker routes,
          enriches and records the click as on the campaign link, and answers JSON with the lander, the offer
          and their URLs, with no redirect through the tracker.
        </>
      }
    >
      <Card
        title="Token"
        description={`Calls send it as the ${CLICK_API_TOKEN_HEADER} header (or the token parameter). Keep it on your server: it records clicks.`}
      >
        <div className={styles.stack}>
          {settings.isPending ? (
            <Skeleton width={240} />
          ) : settings.isError ? (
            <p role="alert">The Click API settings could not be read: {settings.error.message}</p>
          ) : (
            <p role="status">
              {enabled && settings.data?.createdAt
                ? `On. The current token was made ${formatDateTime(settings.data.createdAt)}.`
                : 'Off: no token works until you make one.'}
            </p>
          )}
          {made && (
            <div className={styles.stack}>
              <p className={styles.message}>
                Copy the token now: it is shown this once, and only its hash is kept.
              </p>
              <CopyField label="New click-API token" value={made.token} />
            </div>
          )}
          <div>
            <Button type="button" size="sm" variant="outline" onClick={() => setAsked('make')}>
              {enabled ? 'Make a new token' : 'Make a token'}
            </Button>{' '}
            {enabled && (
              <Button type="button" size="sm" variant="outline" tone="danger" onClick={() => setAsked('off')}>
                Turn off
              </Button>
            )}
          </div>
        </div>
        <ConfirmDialog
          open={asked !== null}
          onOpenChange={(open) => {
            if (!open) setAsked(null);
          }}
          title={
            asked === 'off' ? 'Turn the Click API off?' : enabled ? 'Make a new token?' : 'Make a token?'
          }
          description={
            asked === 'off'
              ? 'Landers calling it get 401 from now on, on every node.'
              : enabled
                ? 'The current token stops working at once: put the new one on every lander server first.'
                : 'The Click API answers calls that carry it from now on.'
          }
          confirmLabel={asked === 'off' ? 'Turn off' : 'Make token'}
          tone={asked === 'off' ? 'danger' : 'accent'}
          renderError={renderProblem}
          onConfirm={async () => {
            if (asked) await run(asked);
            setAsked(null);
          }}
        />
      </Card>
      <Card
        title="Calling it"
        description="GET or POST (form or JSON). ip and key are required; every other parameter (t1..t30, the source's parameters) is read as on the campaign link. The answer's url is where to send the visitor; with a lander, offer.clickThroughUrl is the lander's link to the offer."
      >
        <div className={styles.stack}>
          <CodeBlock code={examples.curl} language="shell" wrap />
          <CodeBlock code={examples.php} language="php" />
        </div>
      </Card>
    </SettingsSectionFrame>
  );
}
