import {
  COLOR_SCHEMES,
  CONTRASTS,
  type Contrast,
  FONT_IDS,
  FONT_SIZE_DELTA_MAX,
  FONT_SIZE_DELTA_MIN,
  FONTS,
  THEMES,
} from '@cairn/tokens';
import { Button, Card, NumberField, Select } from '@cairn/ui';
import { useSyncExternalStore } from 'react';
import { useServices } from '../../app/services.ts';
import * as styles from '../../pages/pages.css.ts';

const schemeLabels: Record<(typeof COLOR_SCHEMES)[number], string> = {
  default: 'Default',
  legacy: 'Legacy (dense)',
  creative: 'Creative',
};

const contrastLabels: Record<Contrast, string> = {
  standard: 'Standard',
  more: 'More (high contrast)',
};

export function SettingsUiSection() {
  const { display } = useServices();
  const preferences = useSyncExternalStore(display.subscribe, display.getSnapshot);
  return (
    <div className={styles.narrow}>
      <Card title="Display" description="Saved in this browser and applied at once.">
        <div className={styles.stack}>
          <Select
            label="Theme"
            name="theme"
            value={preferences.theme}
            options={THEMES.map((theme) => ({ value: theme, label: theme === 'dark' ? 'Dark' : 'Light' }))}
            onValueChange={(theme) => display.setTheme(theme)}
          />
          <Select
            label="Colour scheme"
            name="colorScheme"
            value={preferences.colorScheme}
            options={COLOR_SCHEMES.map((scheme) => ({ value: scheme, label: schemeLabels[scheme] }))}
            onValueChange={(scheme) => display.setColorScheme(scheme)}
          />
          <Select
            label="Contrast"
            name="contrast"
            description="More lays a high-contrast palette over the colour scheme. Until you choose, it follows the system's contrast setting."
            value={preferences.contrast}
            options={CONTRASTS.map((contrast) => ({ value: contrast, label: contrastLabels[contrast] }))}
            onValueChange={(contrast) => display.setContrast(contrast)}
          />
          <Select
            label="Font"
            name="font"
            value={preferences.font}
            options={FONT_IDS.map((font) => ({ value: font, label: FONTS[font].label }))}
            onValueChange={(font) => display.setFont(font)}
          />
          <NumberField
            className={styles.compactField}
            label="Font size delta"
            name="fontSizeDelta"
            description={`Pixels added to every text size, from ${FONT_SIZE_DELTA_MIN} to +${FONT_SIZE_DELTA_MAX}.`}
            suffix="px"
            value={preferences.fontSizeDelta}
            onChange={(delta) => {
              if (delta !== null) display.setFontSizeDelta(delta);
            }}
          />
          <div className={styles.row}>
            <Button variant="outline" onClick={() => display.setFontSizeDelta(preferences.fontSizeDelta - 1)}>
              Smaller
            </Button>
            <Button variant="outline" onClick={() => display.setFontSizeDelta(preferences.fontSizeDelta + 1)}>
              Larger
            </Button>
          </div>
        </div>
      </Card>
      <Card title="Preview" aria-label="Preview">
        <div className={styles.preview} data-testid="display-preview">
          <h3>Campaign “Summer push”</h3>
          <p>
            Clicks 12,480 · Conversions 312 · CR 2.50% · Revenue $4,212.00 · Profit <strong>$1,030.40</strong>
          </p>
          <p className={styles.note}>
            {FONTS[preferences.font].label}, {preferences.fontSizeDelta >= 0 ? '+' : ''}
            {preferences.fontSizeDelta} px, {schemeLabels[preferences.colorScheme]} scheme,{' '}
            {preferences.theme} theme{preferences.contrast === 'more' ? ', high contrast' : ''}.
          </p>
          <div className={styles.row}>
            <Button>Primary</Button>
            <Button variant="outline">Secondary</Button>
            <Button tone="danger" variant="soft">
              Delete
            </Button>
          </div>
        </div>
      </Card>
    </div>
  );
}
