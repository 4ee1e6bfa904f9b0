import { LANDING_OFFERS_MAX } from '@cairn/contract';
import { CopyField } from '@cairn/ui';
import * as styles from '../entities.css.ts';
import type { EntityFormUi, FormExtrasProps } from '../types.ts';
import { landingUi } from './landing.tsx';

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
      description: 'Only visitors who came through the tracker may pass on to the offer ({lp_key}).',
    },
    { kind: 'text', name: 'notes', label: 'Notes', multiline: true },
  ],
  FormOutro: ClickThroughUrls,
};
