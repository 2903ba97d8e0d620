// A long command's words and its answer (./progress): the words travel
// apart from the answer, and the answer is taken only after the last word.
// These tests drive Tauri's own `Channel` (the version in package-lock.json)
// through its test internals, as the backend's words reach it in the
// window: each word with its index, then `end` once the backend dropped
// the channel.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import type { Channel } from '@tauri-apps/api/core';
import { LAST_WORD_WAIT_MS, progressChannel } from './progress';
import { previewBackup, restoreBackup } from './index';
import type { Progress } from './types/Progress';

type Raw = { message: Progress; index: number } | { end: true; index: number };
const deliver = (channel: Channel<Progress>, raw: Raw) =>
  (window as unknown as { __TAURI_INTERNALS__: { runCallback: (id: number, data: Raw) => void } }).__TAURI_INTERNALS__.runCallback(
    channel.id,
    raw,
  );
const copying: Progress = { step: 'copying', done: 0, total: 8 };
const checking: Progress = { step: 'checking', done: 1, total: 1 };
/** Whether `promise` has settled once the microtasks queued so far have run. */
const settled = async (promise: Promise<unknown>) => {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

describe('a long command’s progress words', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    (globalThis as { isTauri?: boolean }).isTauri = true;
    mockIPC(() => null);
  });
  afterEach(() => {
    clearMocks();
    delete (globalThis as { isTauri?: boolean }).isTauri;
    vi.useRealTimers();
  });

  it('are all heard, in the order sent, before the channel counts as heard', async () => {
    const heard: Progress[] = [];
    const { channel, allHeard } = progressChannel((p) => heard.push(p));
    const waiting = allHeard();
    // The end and the second word come before the first.
    deliver(channel, { message: checking, index: 1 });
    deliver(channel, { end: true, index: 2 });
    expect(await settled(waiting)).toBe(false);
    expect(heard).toEqual([]);
    deliver(channel, { message: copying, index: 0 });
    expect(heard).toEqual([copying, checking]);
    expect(await settled(waiting)).toBe(true);
  });

  it('are waited for only so long on a channel that never ends', async () => {
    const { allHeard } = progressChannel(() => {});
    const waiting = allHeard();
    await vi.advanceTimersByTimeAsync(LAST_WORD_WAIT_MS - 1);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });

  it('all come before the answer, though the answer came first, and the answer waits for no more', async () => {
    const order: string[] = [];
    mockIPC((command, args) => {
      expect(command).toBe('preview_backup');
      const channel = (args as { onProgress: Channel<Progress> }).onProgress;
      // The backend's words reach the page 5 ms after its answer.
      setTimeout(() => {
        deliver(channel, { message: copying, index: 0 });
        deliver(channel, { message: checking, index: 1 });
        deliver(channel, { end: true, index: 2 });
      }, 5);
      return { file_name: 'bagless-daily-20261127.sqlite' };
    });
    const answer = previewBackup('bagless-daily-20261127.sqlite', (p) => order.push(p.step)).then((a) => {
      order.push('answer');
      return a;
    });
    expect(await settled(answer)).toBe(false);
    // The words and the end come at 5 ms: the answer is taken then, not at the wait's bound.
    await vi.advanceTimersByTimeAsync(5);
    expect(await settled(answer)).toBe(true);
    await expect(answer).resolves.toEqual({ file_name: 'bagless-daily-20261127.sqlite' });
    expect(order).toEqual(['copying', 'checking', 'answer']);
  });

  it('are not waited for when the command is refused, and any that come later are dropped', async () => {
    let channel: Channel<Progress> | undefined;
    mockIPC((_command, args) => {
      channel = (args as { onProgress: Channel<Progress> }).onProgress;
      throw { code: 'backup_foreign', message: 'not a library' };
    });
    const heard: Progress[] = [];
    const refused = restoreBackup('x.sqlite', false, (p) => heard.push(p));
    expect(await settled(refused)).toBe(true);
    await expect(refused).rejects.toMatchObject({ code: 'backup_foreign' });
    deliver(channel!, { message: copying, index: 0 });
    expect(heard).toEqual([]);
  });
});
