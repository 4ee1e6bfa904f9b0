import { LANDING_OFFERS_MAX } from '@cairn/contract';
import { CodeBlock, CopyField } from '@cairn/ui';
import { HostedFolderPicker } from '../../files/HostedFolderPicker.tsx';
import * as styles from '../entities.css.ts';
import type { EntityFormUi, FormExtrasProps } from '../types.ts';
import { landingUi } from './landing.tsx';

/**
 * The check a protected lander runs first: the key the tracker added (`lpkey`) must be signed with this
 * lander's secret and not expired, else the page answers 404. It mirrors the server's `isValidLpKey`.
 */
export function lpProtectPhp(secret: string): string {
  const quoted = secret.replace(/[\\']/g, (character) => `\\${character}`);
  return [
    '<?php',
    '// Cairn LP protect: only visitors the tracker sent may see this page.',
    `$cairnSecret = '${quoted}';`,
    "$cairnKey = explode('.', (string) ($_GET['lpkey'] ?? ''));",
    'if (count($cairnKey) !== 3 || !ctype_digit($cairnKey[1]) || (int) $cairnKey[1] < time()',
    "    || !hash_equals(substr(hash_hmac('sha256', $cairnKey[0] . '.' . $cairnKey[1], $cairnSecret), 0, 32), $cairnKey[2])) {",
    '    http_response_code(404);',
    '    exit;',
    '}',
    '?>',
  ].join('\n');
}

function ClickThroughUrls({ item }: FormExtrasProps) {
  if (!item) {
    return (
      <p className={styles.muted}>
        The click-through URL to put on the lander appears here once it is saved.
      </p>
    );
  }
  const perOffer = Array.isArray(item.offerClickThroughUrls) ? (item.offerClickThroughUrls as string[]) : [];
  return (
    <div className={styles.stack}>
      <CopyField
        label="Click-through URL"
        description="Put this link on the lander’s call to action; it sends the visitor on to the offer."
        value={String(item.clickThroughUrl ?? '')}
      />
      {perOffer.map((url, index) => (
        <CopyField key={url} label={`Link to offer ${index + 1}`} value={url} />
      ))}
      {item.lpProtect === true && typeof item.lpProtectKey === 'string' && (
        <>
          <p className={styles.muted}>
            LP protect: put this at the very top of the lander’s PHP page. The tracker adds lpkey=… to the
            lander URL (or fills {'{lp_key}'} where the URL places it; then read that parameter instead); the
            check turns away visitors who did not come through the tracker, and keys an hour old.
          </p>
          <CodeBlock language="php" code={lpProtectPhp(item.lpProtectKey)} copyLabel="Copy the PHP check" />
        </>
      )}
    </div>
  );
}

export const landingFormUi: EntityFormUi = {
  ...landingUi,
  fields: [
    { kind: 'text', name: 'name', label: 'Name', required: true },
    { kind: 'url', name: 'url', label: 'URL', required: true, placeholder: 'https://lander.example/' },
    {
      kind: 'number',
      name: 'offersCount',
      label: 'Offers on the page',
      description: 'More than 1 for a multi-offer lander: each link then picks its offer.',
      min: 1,
      max: LANDING_OFFERS_MAX,
      step: 1,
      defaultValue: 1,
    },
    { kind: 'text', name: 'language', label: 'Language', placeholder: 'e.g. en', nullable: true },
    {
      kind: 'ref',
      name: 'groupId',
      label: 'Group',
      ref: { kind: 'group', groupKind: 'landing' },
      noneLabel: 'No group',
    },
    {
      kind: 'switch',
      name: 'lpProtect',
      label: 'LP protect',
      description:
        'Only visitors the tracker sent may see the lander: each gets a key (lpkey) that the PHP check shown once it is saved verifies.',
    },
    { kind: 'text', name: 'notes', label: 'Notes', multiline: true },
  ],
  FormIntro: HostedFolderPicker,
  FormOutro: ClickThroughUrls,
};
