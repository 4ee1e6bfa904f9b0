import {
  createDisplayPreferencesController,
  type DisplayPreferences,
  type DisplayPreferencesController,
  type DisplayPreferencesControllerOptions,
} from '@cairn/tokens';
import { createListeners, type ExternalStore } from './externalStore.ts';

export interface DisplayPreferencesStore extends ExternalStore<Readonly<DisplayPreferences>> {
  setTheme(theme: unknown): void;
  toggleTheme(): void;
  setColorScheme(scheme: unknown): void;
  setContrast(contrast: unknown): void;
  setFont(font: unknown): void;
  setFontSizeDelta(delta: unknown): void;
  settled(): Promise<void>;
  dispose(): void;
}

/**
 * React-readable wrapper over the tokens package's controller, which owns validation, storage, the
 * clamp and applying to the document. Subscribers hear of every change the controller announces, the
 * ones nobody asked for included: while no theme is stored, the system switching light/dark changes
 * the theme, and whatever names it (the user menu's toggle, the settings) must follow.
 */
export function createDisplayPreferencesStore(
  options: DisplayPreferencesControllerOptions | DisplayPreferencesController,
): DisplayPreferencesStore {
  const controller = 'current' in options ? options : createDisplayPreferencesController(options);
  const listeners = createListeners();
  const stopListening = controller.subscribe(() => listeners.emit());
  return {
    subscribe: listeners.subscribe,
    getSnapshot: () => controller.current(),
    setTheme: (theme) => controller.setTheme(theme),
    toggleTheme: () => controller.toggleTheme(),
    setColorScheme: (scheme) => controller.setColorScheme(scheme),
    setContrast: (contrast) => controller.setContrast(contrast),
    setFont: (font) => controller.setFont(font),
    setFontSizeDelta: (delta) => controller.setFontSizeDelta(delta),
    settled: () => controller.settled(),
    dispose: () => {
      stopListening();
      controller.dispose();
    },
  };
}
