// A long command's words and its answer (./progress): the words travel
// apart from the answer, and the answer is taken only after the last word.
// These tests drive Tauri's own `Channel` (the locked version) through its
// test internals, as the backend's words reach it in the window: each word
// with its index, then `end` once the backend dropped the channel.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearMocks, mockIPC } from '@tauri-apps/api/mocks';
import type { Channel } from '@tauri-apps/api/core';
import { LAST_WORD_WAIT_MS, progressChannel } from './progress';
import { previewBackup } from './index';
import type { Progress } from './types/Progress';

type Raw = { message: Progress; index: number } | { end: true; index: number };
const deliver = (channel: Channel<Progress>, raw: Raw) =>
  (window as unknown as { __TAURI_INTERNALS__: { runCallback: (id: number, data: Raw) => void } }).__TAURI_INTERNALS__.runCallback(
    channel.id,
    raw,
  );
const copying: Progress = { step: 'copying', done: 0, total: 8 };
const checking: Progress = { step: 'checking', done: 1, total: 1 };
const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('a long command’s progress words', () => {
  beforeEach(() => {
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

  it('wait only so long for a channel that never ends', async () => {
    vi.useFakeTimers();
    const { allHeard } = progressChannel(() => {});
    let done = false;
    const waiting = allHeard().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(LAST_WORD_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
  });

  it('all come before the answer, though the answer came first', async () => {
    const order: string[] = [];
    mockIPC((command, args) => {
      expect(command).toBe('preview_backup');
      const channel = (args as { onProgress: Channel<Progress> }).onProgress;
      // The backend's words reach the page after its answer.
      setTimeout(() => {
        deliver(channel, { message: copying, index: 0 });
        deliver(channel, { message: checking, index: 1 });
        deliver(channel, { end: true, index: 2 });
      }, 5);
      return { file_name: 'bagless-daily-20261127.sqlite' };
    });
    const answer = await previewBackup('bagless-daily-20261127.sqlite', (p) => order.push(p.step)).then((a) => {
      order.push('answer');
      return a;
    });
    expect(answer).toEqual({ file_name: 'bagless-daily-20261127.sqlite' });
    expect(order).toEqual(['copying', 'checking', 'answer']);
  });

  it('are not waited for when the command is refused', async () => {
    mockIPC(() => {
      throw { code: 'backup_foreign', message: 'not a library' };
    });
    await expect(previewBackup('x.sqlite', () => {})).rejects.toMatchObject({ code: 'backup_foreign' });
  });
});
