import { Button, Card, Select, Switch } from '@cairn/ui';
import { useDebugSettings } from '../../app/hooks.ts';
import { useServices } from '../../app/services.ts';
import * as styles from '../../pages/pages.css.ts';
import { colorizationModes, type DebugSettings } from '../../stores/debugSettings.ts';

const switches: { key: Exclude<keyof DebugSettings, 'colorizationMode'>; label: string }[] = [
  { key: 'isEnableLogging', label: 'Enable logging' },
  { key: 'isShowMonitorForDevelopersInMenu', label: 'Show the monitor for developers in the menu' },
  { key: 'isSyncSortingAndFiltersWithRouter', label: 'Keep sorting and filters in the address' },
  { key: 'isWithVerticalBorders', label: 'Vertical borders in tables' },
];

export function DebugSettingsSection() {
  const { debugSettings } = useServices();
  const settings = useDebugSettings();
  return (
    <Card>
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
