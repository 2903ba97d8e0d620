/**
 * The window's close: kept open once, to show the evening, only when the
 * offer says so in time; a second close, a failed offer or a slow one lets
 * it close. Tauri's window module is mocked (it needs the real window).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (event: { preventDefault: () => void }) => Promise<void>;
const tauri = vi.hoisted(() => ({ handler: null as Handler | null, destroy: vi.fn(), unlisten: vi.fn() }));
vi.mock('@tauri-apps/api/window', () => ({
  getCurrentWindow: () => ({
    onCloseRequested: async (handler: Handler) => {
      tauri.handler = handler;
      return tauri.unlisten;
    },
    destroy: tauri.destroy,
  }),
}));

const { closeNow, onCloseAsked } = await import('./closing');

/** A close asked: whether the window was kept open. */
async function close(): Promise<boolean> {
  let kept = false;
  await tauri.handler!({ preventDefault: () => (kept = true) });
  return kept;
}

beforeEach(() => {
  (window as unknown as Record<string, unknown>).__TAURI_INTERNALS__ = {};
  tauri.handler = null;
  tauri.destroy.mockReset();
});
afterEach(() => {
  delete (window as unknown as Record<string, unknown>).__TAURI_INTERNALS__;
});

describe('the close', () => {
  it('is held once when something was played, then closes', async () => {
    const offer = vi.fn().mockResolvedValue(true);
    await onCloseAsked(offer);
    expect(await close()).toBe(true);
    expect(await close()).toBe(false);
    expect(await close()).toBe(false);
    expect(offer).toHaveBeenCalledTimes(1);
  });

  it('closes at once when nothing was played', async () => {
    await onCloseAsked(async () => false);
    expect(await close()).toBe(false);
  });

  it('is never lost: a failed offer or one too slow lets it close', async () => {
    await onCloseAsked(async () => {
      throw new Error('no library');
    });
    expect(await close()).toBe(false);
    await onCloseAsked(() => new Promise<boolean>(() => {}), 50);
    const started = Date.now();
    expect(await close()).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('closes now without asking again', async () => {
    await closeNow();
    expect(tauri.destroy).toHaveBeenCalledTimes(1);
  });

  it('listens to nothing outside the window', async () => {
    delete (window as unknown as Record<string, unknown>).__TAURI_INTERNALS__;
    const stop = await onCloseAsked(async () => true);
    expect(tauri.handler).toBeNull();
    stop();
  });
});
