import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { view } from '../fixtures';

// Nothing may be asked of the backend by the copy drawn out of sight.
const ipc = vi.hoisted(() => ({ gameStory: vi.fn(), gameOpen: vi.fn(), riskOpen: vi.fn() }));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));
vi.mock('$games/risk/ipc', async (original) => ({ ...(await original<typeof import('$games/risk/ipc')>()), ...ipc }));

const { madeUp } = await import('./warm');
const { coolDown } = await import('$lib/told/warm');

const host = (): HTMLElement | null => document.querySelector('[data-warm]');

beforeEach(() => {
  vi.resetModules();
  for (const f of Object.values(ipc)) f.mockReset();
});
afterEach(() => coolDown());

describe("the RISK story drawn out of sight before its first opening (issue 57)", () => {
  it('makes up a long game on the game’s own territories', () => {
    const v = view();
    const story = madeUp(v);
    expect(story.turns).toHaveLength(1401);
    expect(story.turns.every((p) => p.territories.length === 3 && p.assassins.length === 3)).toBe(true);
    const ids = new Set(v.territories.map((t) => t.id));
    expect(story.conquests.length).toBeGreaterThan(100);
    expect(story.conquests.every((c) => ids.has(c.territory) && ids.has(c.from))).toBe(true);
  });

  it('draws the story hidden, asks nothing, and takes it down two frames later', async () => {
    const { warmStory } = await import('./warm');
    warmStory(view());
    const copy = host();
    expect(copy).not.toBeNull();
    expect(copy?.getAttribute('aria-hidden')).toBe('true');
    expect(copy?.inert).toBe(true);
    expect(copy?.style.visibility).toBe('hidden');
    // The charts are drawn (their lines thinned, as a long game's), then the table below them.
    expect(copy?.querySelectorAll('[data-testid="risk-story-territories-line"]')).toHaveLength(3);
    let table = false;
    const seen = new MutationObserver(() => (table ||= copy?.querySelector('[data-testid="risk-story-table"]') != null));
    seen.observe(copy as HTMLElement, { childList: true, subtree: true });
    await vi.waitFor(() => expect(host()).toBeNull(), { timeout: 1000 });
    seen.disconnect();
    expect(table).toBe(true);
    for (const f of Object.values(ipc)) expect(f).not.toHaveBeenCalled();
  });

  it('is drawn once a run of the window, and taken down at once when the story is opened', async () => {
    const { warmStory } = await import('./warm');
    const { go } = await import('../go');
    warmStory(view());
    expect(host()).not.toBeNull();
    ipc.gameStory.mockReturnValue(new Promise(() => {}));
    ipc.gameOpen.mockReturnValue(new Promise(() => {}));
    go.story('g1');
    expect(host()).toBeNull();
    warmStory(view());
    expect(host()).toBeNull();
  });
});
