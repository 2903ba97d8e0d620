// A library written by a newer Bagless: the window explains, the file is
// never touched.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, assert, say, shot, test, APP_DATA_DIR } from './harness.mjs';

const FIXTURE = join(process.cwd(), 'tests', 'fixtures', 'library-from-a-newer-bagless.sqlite');
const LIBRARY = join(APP_DATA_DIR, 'bagless.sqlite');

await test('a newer library is refused and left as it was', async () => {
  mkdirSync(APP_DATA_DIR, { recursive: true });
  copyFileSync(FIXTURE, LIBRARY);
  const before = readFileSync(LIBRARY);
  const s = await app.start();
  await s.waitFor('[data-testid="library-unavailable"]', 20_000);
  const text = await s.text('[data-testid="library-unavailable"]');
  assert(text.includes(say({ en: 'newer version of Bagless', fr: 'version plus récente de Bagless' })), `message: ${text}`);
  assert(text.includes(say({ en: 'has not been changed', fr: 'pas été modifié' })), `message: ${text}`);
  assert(text.includes(LIBRARY), `the message shows where the file is: ${text}`);
  await shot('newer-library');
  await app.stop();
  assert(Buffer.compare(before, readFileSync(LIBRARY)) === 0, 'the library file is byte-identical');
});
