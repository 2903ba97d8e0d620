import { describe, expect, it, vi } from 'vitest';
import { IpcError } from '$lib/ipc';
import { CampaignStore } from './campaign.svelte';
import { SLOW_MS } from '$lib/pending.svelte';


/** A screen's view: enough to tell one answer from another. */
type View = { campaign: string; step: number };

function source(step = 1) {
  return { open: vi.fn((campaign: string) => Promise.resolve<View>({ campaign, step })) };
}

/** A promise the test settles when it wants. */
function later<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle };
}

function key(init: KeyboardEventInit): KeyboardEvent {
  return new KeyboardEvent('keydown', { cancelable: true, ...init });
}

describe('loading', () => {
  it('opens the view of the campaign', async () => {
    const src = source();
    const store = new CampaignStore(() => 'c1', src);
    expect(store.view).toBeNull();
    expect(await store.load()).toBe(true);
    expect(src.open).toHaveBeenCalledWith('c1');
    expect(store.view).toEqual({ campaign: 'c1', step: 1 });
    expect(store.error).toBeNull();
  });

  it('takes a view already asked for instead of asking again', async () => {
    const src = source();
    const store = new CampaignStore(() => 'c1', src);
    expect(await store.resume(Promise.resolve({ campaign: 'c1', step: 7 }))).toBe(true);
    expect(src.open).not.toHaveBeenCalled();
    expect(store.view?.step).toBe(7);
  });

  it('keeps a failure to show, and says so', async () => {
    const refusal = new IpcError('not_found', 'This campaign is gone.');
    const store = new CampaignStore<View>(() => 'c1', { open: () => Promise.reject(refusal) });
    expect(await store.load()).toBe(false);
    expect(store.view).toBeNull();
    expect(store.error).toBe(refusal);
  });

  it('reads the campaign at each call', async () => {
    let id = 'c1';
    const src = source();
    const store = new CampaignStore(() => id, src);
    id = 'c2';
    await store.load();
    expect(store.campaignId).toBe('c2');
    expect(src.open).toHaveBeenCalledWith('c2');
  });
});

describe('a change', () => {
  it('shows the view it answers, after clearing the last error and notice', async () => {
    const store = new CampaignStore(() => 'c1', source());
    await store.load();
    store.error = new Error('before');
    store.notice = 'Saved.';
    expect(await store.run(() => Promise.resolve({ campaign: 'c1', step: 2 }))).toBe(true);
    expect(store.view?.step).toBe(2);
    expect(store.error).toBeNull();
    expect(store.notice).toBeNull();
  });

  it('keeps the view when the change answers nothing', async () => {
    const store = new CampaignStore(() => 'c1', source());
    await store.load();
    expect(await store.run(() => Promise.resolve())).toBe(true);
    expect(store.view?.step).toBe(1);
  });

  it('shows a refusal and keeps the view', async () => {
    const store = new CampaignStore(() => 'c1', source());
    await store.load();
    const refusal = new IpcError('rules', 'No.');
    expect(await store.run(() => Promise.reject(refusal))).toBe(false);
    expect(store.error).toBe(refusal);
    expect(store.view?.step).toBe(1);
  });

  it('lets the screen say what of a refusal to show', async () => {
    const store = new CampaignStore(() => 'c1', source());
    const refused = vi.fn(() => null);
    const refusal = new IpcError('rules', 'A number is missing.');
    expect(await store.run(() => Promise.reject(refusal), { refused })).toBe(false);
    expect(refused).toHaveBeenCalledWith(refusal);
    expect(store.error).toBeNull();
  });

  it('is busy until every change on its way has answered', async () => {
    const store = new CampaignStore(() => 'c1', source());
    const first = later<View>();
    const second = later<View>();
    const a = store.run(() => first.promise);
    const b = store.run(() => second.promise);
    expect(store.busy).toBe(true);
    first.settle({ campaign: 'c1', step: 2 });
    await a;
    expect(store.busy).toBe(true);
    second.settle({ campaign: 'c1', step: 3 });
    await b;
    expect(store.busy).toBe(false);
    expect(store.view?.step).toBe(3);
  });

  it('greys its buttons only when a change is slow', async () => {
    vi.useFakeTimers();
    try {
      const store = new CampaignStore(() => 'c1', source());
      const answer = later<View>();
      const change = store.run(() => answer.promise);
      expect([store.busy, store.slow]).toEqual([true, false]);
      vi.advanceTimersByTime(SLOW_MS - 1);
      expect(store.slow).toBe(false);
      vi.advanceTimersByTime(1);
      expect(store.slow).toBe(true);
      answer.settle({ campaign: 'c1', step: 2 });
      await change;
      expect([store.busy, store.slow]).toEqual([false, false]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is no longer busy after a failure', async () => {
    const store = new CampaignStore(() => 'c1', source());
    await store.run(() => Promise.reject(new Error('gone')));
    expect(store.busy).toBe(false);
  });
});

describe('undo and redo', () => {
  it('take the view the screen’s undo and redo answer, in one round trip', async () => {
    const src = {
      ...source(),
      undo: vi.fn(() => Promise.resolve<View>({ campaign: 'c1', step: 0 })),
      redo: vi.fn(() => Promise.resolve<View>({ campaign: 'c1', step: 9 })),
    };
    const store = new CampaignStore(() => 'c1', src);
    store.notice = 'Moved.';
    expect(await store.undo()).toBe(true);
    expect(store.view?.step).toBe(0);
    expect(store.notice).toBeNull();
    expect(await store.redo()).toBe(true);
    expect(store.view?.step).toBe(9);
    expect(src.undo).toHaveBeenCalledWith('c1');
    expect(src.redo).toHaveBeenCalledWith('c1');
    expect(src.open).not.toHaveBeenCalled();
  });

  it('do nothing on a screen without undo', async () => {
    const src = source();
    const store = new CampaignStore(() => 'c1', src);
    expect(await store.undo()).toBe(false);
    expect(await store.redo()).toBe(false);
    expect(src.open).not.toHaveBeenCalled();
  });

  it('show a refusal and keep the view', async () => {
    const refusal = new IpcError('redo_after_change', 'There is nothing to redo.');
    const src = { ...source(), redo: vi.fn(() => Promise.reject(refusal)) };
    const store = new CampaignStore(() => 'c1', src);
    await store.load();
    expect(await store.redo()).toBe(false);
    expect(store.error).toBe(refusal);
    expect(store.view?.step).toBe(1);
    expect(src.open).toHaveBeenCalledTimes(1);
  });
});

describe('shortcuts', () => {
  it('run what the screen offers, and keep the key from the browser', () => {
    const store = new CampaignStore(() => 'c1', source());
    const undo = vi.fn();
    const redo = vi.fn();
    const print = vi.fn();
    const ctrlZ = key({ key: 'z', ctrlKey: true });
    expect(store.shortcut(ctrlZ, { undo, redo, print })).toBe(true);
    expect(undo).toHaveBeenCalledTimes(1);
    expect(ctrlZ.defaultPrevented).toBe(true);
    expect(store.shortcut(key({ key: 'Z', ctrlKey: true, shiftKey: true }), { undo, redo, print })).toBe(true);
    expect(store.shortcut(key({ key: 'y', ctrlKey: true }), { undo, redo, print })).toBe(true);
    expect(redo).toHaveBeenCalledTimes(2);
    expect(store.shortcut(key({ key: 'p', metaKey: true }), { undo, redo, print })).toBe(true);
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('leave alone a shortcut the screen does not offer', () => {
    const store = new CampaignStore(() => 'c1', source());
    const undo = vi.fn();
    const ctrlE = key({ key: 'e', ctrlKey: true });
    expect(store.shortcut(ctrlE, { undo })).toBe(false);
    expect(ctrlE.defaultPrevented).toBe(false);
    const ctrlZ = key({ key: 'z', ctrlKey: true });
    expect(store.shortcut(ctrlZ, { undo: undefined })).toBe(false);
    expect(ctrlZ.defaultPrevented).toBe(false);
  });

  it('leave other keys alone', () => {
    const store = new CampaignStore(() => 'c1', source());
    const undo = vi.fn();
    const plainZ = key({ key: 'z' });
    expect(store.shortcut(plainZ, { undo })).toBe(false);
    expect(store.shortcut(key({ key: 'Escape' }), { undo })).toBe(false);
    expect(undo).not.toHaveBeenCalled();
    expect(plainZ.defaultPrevented).toBe(false);
  });

  it('leave Ctrl+Z to a text field', () => {
    const store = new CampaignStore(() => 'c1', source());
    const undo = vi.fn();
    const input = document.createElement('input');
    document.body.append(input);
    const ctrlZ = key({ key: 'z', ctrlKey: true, bubbles: true });
    input.addEventListener('keydown', (event) => store.shortcut(event, { undo }));
    input.dispatchEvent(ctrlZ);
    expect(undo).not.toHaveBeenCalled();
    expect(ctrlZ.defaultPrevented).toBe(false);
    input.remove();
  });
});
