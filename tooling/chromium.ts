import { existsSync } from 'node:fs';

// Playwright cannot download its own browser on these machines, so every browser test drives the
// system Chromium. CHROMIUM_PATH lets an operator point at another build.
const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return candidates.find((path) => existsSync(path));
}

export function chromiumPath(): string {
  const path = findChromium();
  if (!path) throw new Error(missingChromiumMessage());
  return path;
}

// Without the background-networking flags Chromium keeps dialling hosts this closed network refuses.
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--font-render-hinting=none',
  '--hide-scrollbars',
];

export const chromiumLaunchOptions = () => ({ executablePath: chromiumPath(), args: chromiumArgs });

export function missingChromiumMessage(): string {
  return [
    'No Chromium found for the browser tests.',
    'Install one with `sudo apt-get install -y chromium` (Debian/Ubuntu),',
    'or set CHROMIUM_PATH to the executable of a Chromium or Chrome build.',
  ].join('\n');
}
