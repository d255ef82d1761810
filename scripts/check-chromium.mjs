// The browser tests drive Debian's Chromium; fail fast with a clear hint
// instead of hanging or trying to download a browser.
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(
    `Chromium was not found at ${path}. The browser tests need it:\n` +
      '  sudo apt-get update && sudo apt-get install -y chromium\n' +
      '(or set CHROMIUM_PATH to a Chromium/Chrome binary).',
  );
  process.exit(1);
}
