// Smoke: the app starts, shows the Library, and survives a restart on the
// same data dir. Its window is made hidden and shown once it has its size and
// place (`show_placed` in src-tauri/src/main.rs): shown at the first start,
// and at the next, which restores the size the first left.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG_DIR, app, assert, assertEqual, shot, test } from './harness.mjs';

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

await test('starts again on the same data, shown at the size it left', async () => {
  const first = await app.start();
  await first.waitFor('[data-testid="library"]', 20_000);
  // A new size, saved as it changes (src-tauri/src/main.rs, on_window_event).
  await first.setWindowRect({ width: 1100, height: 760 });
  const left = await first.windowRect();
  await app.stop();
  const saved = join(APP_CONFIG_DIR, '.window-state.json');
  assert(existsSync(saved), `the window's size and place were saved (${saved})`);
  const s = await app.start();
  await s.waitFor('[data-testid="library"]', 20_000);
  await assertShown(s);
  const back = await s.windowRect();
  assertEqual(`${back.width}x${back.height}`, `${left.width}x${left.height}`, 'the size the window left');
});
