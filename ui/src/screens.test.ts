/**
 * The window's first screen (issue 31: start-up): main.ts mounts the app
 * once the code of the screen it opens on is here (./screens).
 */
import { describe, expect, it } from 'vitest';
import { loadScreen, screens } from './screens';

describe('the screen the window opens on', () => {
  it('asks for nothing when it is in the bundle (the library, a diary)', async () => {
    await expect(loadScreen('library')).resolves.toBeUndefined();
    await expect(loadScreen('diary')).resolves.toBeUndefined();
  });

  it("loads a game's own screen, the one the app then draws", async () => {
    await expect(loadScreen('risk')).resolves.toBeUndefined();
    // Asked for again by the app, the chunk is the one already loaded.
    const first = await screens.risk();
    expect(await screens.risk()).toBe(first);
  });
});
