// Tests: a system light/dark preference that a test can switch, as matchMedia reports it. Any other
// query (prefers-contrast) does not match, as on a system that asks for nothing more.
export function systemColorScheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const list = (media: string) =>
    ({
      get matches() {
        if (media.includes('prefers-color-scheme')) return media.includes('dark') ? dark : !dark;
        return false;
      },
      media,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.delete(listener),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  return {
    matchMedia: list,
    setDark(next: boolean) {
      dark = next;
      for (const listener of listeners) listener({ matches: next } as MediaQueryListEvent);
    },
  };
}
