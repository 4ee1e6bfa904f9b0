import { API_PATHS, healthResponseSchema } from '@cairn/contract';
import { Button, Card, PageHeader, Select, Switch, TOAST_TYPES, type ToastType, toast } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { useServices } from '../../app/services.ts';
import { extractErrorText } from '../../http/errorText.ts';
import { monitorDeveloperSections } from '../../routes/table.ts';
import { colorizationModes, type DebugSettings } from '../../stores/debugSettings.ts';
import type { PageProps } from '../pageProps.ts';
import * as styles from '../pages.css.ts';
import { Planned } from '../planned/Planned.tsx';
import { SectionTabs } from '../SectionTabs.tsx';
import { ServerText } from '../ServerText.tsx';

// The server's health answer names its version; commit and build time are read when a server reports them.
const serverBuildSchema = healthResponseSchema.extend({
  commit: z.string().optional(),
  builtAt: z.string().optional(),
});

function BuildInfo() {
  const { build, client } = useServices();
  const health = useQuery({
    queryKey: ['health'],
    queryFn: () => client.get(API_PATHS.health, { schema: serverBuildSchema }),
  });
  const server = health.data?.status === 'ok' ? health.data.data : undefined;
  return (
    <Card title="Build info">
      <dl className={styles.definitionList}>
        <dt className={styles.definitionTerm}>Panel version</dt>
        <dd className={styles.definitionValue}>{build.version}</dd>
        <dt className={styles.definitionTerm}>Panel commit</dt>
        <dd className={styles.definitionValue}>{build.commit}</dd>
        <dt className={styles.definitionTerm}>Panel built at</dt>
        <dd className={styles.definitionValue}>{build.builtAt}</dd>
        <dt className={styles.definitionTerm}>Server version</dt>
        <dd className={styles.definitionValue}>
          {server?.version ?? (health.data ? `unavailable (${health.data.status})` : 'loading…')}
        </dd>
        <dt className={styles.definitionTerm}>Server commit</dt>
        <dd className={styles.definitionValue}>{server ? (server.commit ?? 'not reported') : '—'}</dd>
        <dt className={styles.definitionTerm}>Server built at</dt>
        <dd className={styles.definitionValue}>{server ? (server.builtAt ?? 'not reported') : '—'}</dd>
        <dt className={styles.definitionTerm}>Server schema version</dt>
        <dd className={styles.definitionValue}>{server?.schemaVersion ?? '—'}</dd>
        <dt className={styles.definitionTerm}>Server mode</dt>
        <dd className={styles.definitionValue}>{server?.mode ?? '—'}</dd>
      </dl>
    </Card>
  );
}

const switches: { key: Exclude<keyof DebugSettings, 'colorizationMode'>; label: string }[] = [
  { key: 'isEnableLogging', label: 'Enable logging' },
  { key: 'isShowMonitorForDevelopersInMenu', label: 'Show the monitor for developers in the menu' },
  { key: 'isSyncSortingAndFiltersWithRouter', label: 'Keep sorting and filters in the address' },
  { key: 'isWithVerticalBorders', label: 'Vertical borders in tables' },
];

function DebugSettingsSection() {
  const { debugSettings } = useServices();
  const settings = useSyncExternalStore(debugSettings.subscribe, debugSettings.getSnapshot);
  return (
    <Card title="Debug settings" description="Saved in this browser.">
      <div className={styles.stack}>
        <Select
          label="Table colorization"
          name="colorizationMode"
          value={settings.colorizationMode}
          options={colorizationModes.map((mode) => ({ value: mode, label: mode }))}
          onValueChange={(mode) => debugSettings.set({ colorizationMode: mode })}
        />
        {switches.map(({ key, label }) => (
          <Switch
            key={key}
            label={label}
            name={key}
            checked={settings[key]}
            onCheckedChange={(checked) => debugSettings.set({ [key]: checked })}
          />
        ))}
        <div className={styles.row}>
          <Button variant="outline" onClick={() => debugSettings.reset()}>
            Reset to defaults
          </Button>
        </div>
      </div>
    </Card>
  );
}

const sampleMessages: { label: string; body: unknown }[] = [
  { label: 'Plain text', body: 'The offer could not be saved.' },
  {
    label: 'Errors with a list detail',
    body: { errors: [{ message: 'Import failed', detail: ['line 2: bad URL', 'line 5: no name'] }] },
  },
  {
    label: 'Errors with a key-value detail',
    body: {
      errors: [{ message: 'Invalid offer', detail: { name: 'required', url: 'must start with http' } }],
    },
  },
  {
    label: 'Markup and a bare URL',
    body: { message: 'See <b>docs</b><script>alert(1)</script> at https://cairn.example/docs' },
  },
  { label: 'Unknown shape', body: { code: 42 } },
];

const toastTitles: Record<ToastType, string> = {
  default: 'Notice',
  success: 'Saved',
  info: 'For your information',
  error: 'Something failed',
  warning: 'Careful',
};

function Messages() {
  return (
    <div className={styles.sectionLayout}>
      <Card title="Toasts">
        <div className={styles.row}>
          {TOAST_TYPES.map((type: ToastType) => (
            <Button
              key={type}
              variant="outline"
              onClick={() => {
                const message = `This is how a ${type} toast looks.`;
                if (type === 'default') toast(message, { title: toastTitles[type] });
                else toast[type](message, { title: toastTitles[type] });
              }}
            >
              Raise {type}
            </Button>
          ))}
        </div>
      </Card>
      <Card title="Server messages">
        <div className={styles.stack}>
          {sampleMessages.map((sample) => (
            <div key={sample.label}>
              <h4>{sample.label}</h4>
              <ServerText text={extractErrorText(sample.body)} />
            </div>
          ))}
        </div>
      </Card>
    </div>
  );
}

export default function MonitorDeveloperPage({ child }: PageProps) {
  const section = monitorDeveloperSections.find((candidate) => candidate.path === child?.path);
  return (
    <div className={styles.sectionLayout}>
      <PageHeader title="Monitor for developers" />
      <SectionTabs
        label="Monitor for developers sections"
        basePath="/monitor/developer"
        sections={monitorDeveloperSections}
        current={section?.path}
      />
      {section?.path === 'build-info' && <BuildInfo />}
      {section?.path === 'debug-settings' && <DebugSettingsSection />}
      {section?.path === 'messages' && <Messages />}
      {section?.path === 'seed' && (
        <Planned
          title="Seed"
          coming="Seeding demo campaigns, offers and clicks is coming with the entity work."
        />
      )}
      {section?.path === 'clicker' && (
        <Planned
          title="Clicker"
          coming="Sending test clicks through a campaign is coming with the click engine."
        />
      )}
    </div>
  );
}
