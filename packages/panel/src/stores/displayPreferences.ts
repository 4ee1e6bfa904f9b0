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
  setFont(font: unknown): void;
  setFontSizeDelta(delta: unknown): void;
  settled(): Promise<void>;
  dispose(): void;
}

/**
 * React-readable wrapper over the tokens package's controller, which owns validation, storage, the
 * clamp and applying to the document; this only tells subscribers that something changed.
 */
export function createDisplayPreferencesStore(
  options: DisplayPreferencesControllerOptions | DisplayPreferencesController,
): DisplayPreferencesStore {
  const controller = 'current' in options ? options : createDisplayPreferencesController(options);
  const listeners = createListeners();
  const changing =
    <A extends unknown[]>(change: (...args: A) => void) =>
    (...args: A) => {
      change(...args);
      listeners.emit();
    };
  return {
    subscribe: listeners.subscribe,
    getSnapshot: () => controller.current(),
    setTheme: changing((theme: unknown) => controller.setTheme(theme)),
    toggleTheme: changing(() => controller.toggleTheme()),
    setColorScheme: changing((scheme: unknown) => controller.setColorScheme(scheme)),
    setFont: changing((font: unknown) => controller.setFont(font)),
    setFontSizeDelta: changing((delta: unknown) => controller.setFontSizeDelta(delta)),
    settled: () => controller.settled(),
    dispose: () => controller.dispose(),
  };
}
