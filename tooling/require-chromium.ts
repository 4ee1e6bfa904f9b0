import { findChromium, missingChromiumMessage } from './chromium.ts';

if (!findChromium()) {
  console.error(missingChromiumMessage());
  process.exit(1);
}
