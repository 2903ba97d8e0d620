// Smoke: the app starts, shows the Library, and survives a restart on the
// same data dir.
import { app, assertEqual, shot, test } from './harness.mjs';

await test('starts on the library', async () => {
  const s = await app.start();
  await s.waitFor('[data-testid="library"]', 20_000);
  assertEqual(await s.text('[data-testid="app-title"]'), 'Bagless', 'header title');
  await shot('library');
});

await test('starts again on the same data', async () => {
  const s = await app.restart();
  await s.waitFor('[data-testid="library"]', 20_000);
});
