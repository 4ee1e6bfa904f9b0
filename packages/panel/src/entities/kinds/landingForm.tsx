import { LANDING_OFFERS_MAX } from '@cairn/contract';
import { CopyField, Switch } from '@cairn/ui';
import { HostedFolderPicker } from '../../files/HostedFolderPicker.tsx';
import { LpProtectSnippets } from '../../settings/sections/lpProtect/LpProtectSnippets.tsx';
import { useLpProtectSettings } from '../../settings/sections/lpProtect/lpProtectApi.ts';
import * as styles from '../entities.css.ts';
import type { CustomFieldProps, EntityFormUi, FormExtrasProps } from '../types.ts';
import { landingUi } from './landing.tsx';

function ClickThroughUrls({ item }: FormExtrasProps) {
  const settings = useLpProtectSettings();
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
            LP protect: the check turns away visitors who did not come through the tracker, and keys older
            than the lifetime set in Settings &gt; LP protect.
          </p>
          <LpProtectSnippets secret={item.lpProtectKey} settings={settings} />
        </>
      )}
    </div>
  );
}

function LpProtectSwitch({ id, value, onChange, disabled }: CustomFieldProps) {
  const { defaultOn } = useLpProtectSettings();
  return (
    <Switch
      id={id}
      label="Protect this lander"
      checked={typeof value === 'boolean' ? value : defaultOn}
      disabled={disabled}
      onCheckedChange={onChange}
    />
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
      // A new lander's switch starts as the installation's default (Settings > LP protect): left untouched,
      // the field is left out of the create and the server applies the default.
      kind: 'custom',
      name: 'lpProtect',
      label: 'LP protect',
      description:
        'Only visitors the tracker sent may see the lander: each gets a key (lpkey) that the check shown once it is saved verifies.',
      defaultValue: null,
      // Many landers at once: off until flipped, so what the switch shows is what is sent.
      massEditDefault: false,
      render: (props) => <LpProtectSwitch {...props} />,
      toInput: (value) => (typeof value === 'boolean' ? value : undefined),
    },
    { kind: 'text', name: 'notes', label: 'Notes', multiline: true },
  ],
  FormIntro: HostedFolderPicker,
  FormOutro: ClickThroughUrls,
};
