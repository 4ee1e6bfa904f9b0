import {
  CUSTOM_EVENT_SLOTS,
  customEventTitle,
  type PostbackProcessingSettings,
  postbackProcessingSettingsSchema,
} from '@cairn/contract';
import { Button, Card, IconButton, Select, TextField, toast } from '@cairn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useServices } from '../../../app/services.ts';
import { postbackSettingsQueryKey, savePostbackSettings } from '../../../conversions/api.ts';
import type { CallProblem } from '../../../entities/api.ts';
import { FormProblem } from '../../../entities/FormProblem.tsx';
import { useRefOptions } from '../../../entities/refs.ts';
import * as styles from '../../../pages/pages.css.ts';
import { customEventNamesQueryKey } from '../../../reports/settingsApi.ts';
import { SaveButton } from '../SavedSettings.tsx';
import { useSettingsSave } from '../useSettingsSave.ts';
import * as own from './customEvents.css.ts';

// Settings > Postback processing > Custom events: the names of the thirty slots a postback's `event=`
// counts in, and the networks' own words for them. Saved through the postback-processing settings with
// the rest of that page's values as they were loaded, so this card changes only its own two fields.

interface MappingDraft {
  /** Keeps a row's fields (and focus) while rows above it are removed. */
  key: number;
  /** '' until a network is chosen. */
  network: string;
  networkEvent: string;
  slot: string;
}

const SLOTS = Array.from({ length: CUSTOM_EVENT_SLOTS }, (_, index) => index + 1);

/** The names as sent: trailing unnamed slots left off, as the settings keep them when none were named. */
function namesToSave(names: readonly string[]): string[] {
  let end = names.length;
  while (end > 0 && names[end - 1]?.trim() === '') end -= 1;
  return names.slice(0, end);
}

const isOwnField = (field: string | undefined) =>
  field !== undefined && /^(eventNames|networkEvents)\.\d+/.test(field);

export function CustomEventsCard({ saved }: { saved: PostbackProcessingSettings }) {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const server = useSettingsSave<PostbackProcessingSettings>(postbackSettingsQueryKey);
  const [local, setLocal] = useState<CallProblem>();
  const nextKey = useRef(saved.networkEvents.length);
  const [names, setNames] = useState(() => SLOTS.map((slot) => saved.eventNames[slot - 1] ?? ''));
  const [mappings, setMappings] = useState<MappingDraft[]>(() =>
    saved.networkEvents.map((mapping, key) => ({
      key,
      network: String(mapping.affiliateNetworkId),
      networkEvent: mapping.networkEvent,
      slot: String(mapping.slot),
    })),
  );
  const networks = useRefOptions({ kind: 'affiliate_network' });

  const problem = local ?? server.problem;
  const fieldError = (field: string) => problem?.errors.find((error) => error.field === field)?.message;
  // A duplicate is said of the whole row; it stands at the row's event word.
  const rowError = (index: number) =>
    fieldError(`networkEvents.${index}.networkEvent`) ?? fieldError(`networkEvents.${index}`);

  const networkOptions = (chosen: string) => {
    const options = (networks.options ?? [])
      .filter((option) => !option.archived || String(option.id) === chosen)
      .map((option) => ({ value: String(option.id), label: option.label }));
    // A network deleted since keeps its row, by number, until the row is removed.
    if (chosen !== '' && !options.some((option) => option.value === chosen)) {
      options.push({ value: chosen, label: `#${chosen}` });
    }
    return options;
  };
  const slotOptions = SLOTS.map((slot) => ({ value: String(slot), label: customEventTitle(slot, names) }));

  const setName = (index: number, value: string) =>
    setNames((old) => old.map((name, at) => (at === index ? value : name)));
  const setMapping = (key: number, change: Partial<MappingDraft>) =>
    setMappings((old) => old.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const addMapping = () => {
    const key = nextKey.current;
    nextKey.current += 1;
    setMappings((old) => [...old, { key, network: '', networkEvent: '', slot: '1' }]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const request = {
      ...saved,
      eventNames: namesToSave(names),
      networkEvents: mappings.map((row) => ({
        affiliateNetworkId: Number(row.network || 0),
        networkEvent: row.networkEvent,
        slot: Number(row.slot),
      })),
    };
    const checked = postbackProcessingSettingsSchema.safeParse(request);
    if (!checked.success) {
      setLocal({
        message: 'Check the fields',
        errors: checked.error.issues.map((issue) => ({
          message: issue.message,
          field: issue.path.join('.'),
        })),
      });
      return;
    }
    setLocal(undefined);
    const result = await server.save(() => savePostbackSettings(client, checked.data));
    if (result.status !== 'ok') return;
    await queryClient.invalidateQueries({ queryKey: customEventNamesQueryKey });
    toast.success('Custom events saved. Reports title their columns with the new names.');
  };

  return (
    <Card
      title="Custom events"
      description="A postback's event= counts in one of 30 slots (event1 to event30 in reports and macros) instead of as a conversion. Name the slots, and map a network's own words to them."
    >
      <form className={styles.stack} onSubmit={(event) => void submit(event)} noValidate>
        <FormProblem problem={problem} atField={isOwnField} />
        <fieldset className={own.names}>
          <legend className={own.legend}>Slot names</legend>
          {names.map((name, index) => (
            <TextField
              // The slots are fixed: their position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: the thirty slots never move
              key={index}
              label={`Event ${index + 1}`}
              value={name}
              placeholder={`event${index + 1}`}
              onChange={(change) => setName(index, change.target.value)}
              error={fieldError(`eventNames.${index}`)}
            />
          ))}
        </fieldset>
        <fieldset className={own.group}>
          <legend className={own.legend}>Network event names</legend>
          <p className={styles.note}>
            Looked up first, for postbacks of that network only: a network that sends event=ftd can count it
            as Deposit.
          </p>
          {mappings.map((row, index) => (
            <div key={row.key} className={own.mapping}>
              <Select<string>
                label={`Network ${index + 1}`}
                placeholder={networks.loading ? 'Loading networks…' : 'Choose a network'}
                options={networkOptions(row.network)}
                {...(row.network === '' ? {} : { value: row.network })}
                onValueChange={(value) => setMapping(row.key, { network: value })}
                error={fieldError(`networkEvents.${index}.affiliateNetworkId`)}
              />
              <TextField
                label={`Network's event ${index + 1}`}
                value={row.networkEvent}
                onChange={(change) => setMapping(row.key, { networkEvent: change.target.value })}
                error={rowError(index)}
              />
              <Select<string>
                label={`Counts as ${index + 1}`}
                options={slotOptions}
                value={row.slot}
                onValueChange={(value) => setMapping(row.key, { slot: value })}
                error={fieldError(`networkEvents.${index}.slot`)}
              />
              <IconButton
                label={`Remove network event ${index + 1}`}
                onClick={() => setMappings((old) => old.filter((other) => other.key !== row.key))}
              >
                <Trash2 aria-hidden />
              </IconButton>
            </div>
          ))}
          <div className={styles.row}>
            <Button type="button" variant="outline" icon={<Plus aria-hidden />} onClick={addMapping}>
              Add a network event
            </Button>
          </div>
        </fieldset>
        <SaveButton pending={server.pending} label="Save custom events" />
      </form>
    </Card>
  );
}
