// Smoke: the app starts, shows the Library, and survives a restart on the
// same data dir. Its window is made hidden and shown once it has its size and
// place (`show_placed` in src-tauri/src/main.rs): shown at the first start,
// and at the next, which restores the size and place the first left.
import { existsSync } from 'node:fs';
import { DATA_HOME, app, assert, assertEqual, shot, test } from './harness.mjs';

/** The page's window is shown on the screen (WebKit: not hidden, not minimised). */
async function assertShown(s) {
  const state = await s.executeScript('return document.visibilityState;');
  assertEqual(state, 'visible', 'the window is shown');
}

await test('starts on the library', async () => {
  const s = await app.start();
  await s.waitFor('[data-testid="library"]', 20_000);
  assertEqual(await s.text('[data-testid="app-title"]'), 'Bagless', 'header title');
  await assertShown(s);
  await shot('library');
});

await test('starts again on the same data', async () => {
  await app.stop();
  // The window-state plugin's file (XDG_CONFIG_HOME is beside the data's, tests/e2e/run.sh).
  const saved = `${DATA_HOME}.config/org.bagless.desktop/.window-state.json`;
  assert(existsSync(saved), `the window's size and place were saved (${saved})`);
  const s = await app.start();
  await s.waitFor('[data-testid="library"]', 20_000);
  await assertShown(s);
});
