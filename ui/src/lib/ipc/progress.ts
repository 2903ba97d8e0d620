import { Channel } from '@tauri-apps/api/core';
import type { Progress } from './types/Progress';

/**
 * How long an answer waits, at most, for progress words still on their way.
 * The backend closes the channel before it answers, so the wait normally
 * ends within a few ms; this only bounds it for a channel whose end never
 * comes (a lost message, or a Tauri whose channel no longer says its end).
 */
export const LAST_WORD_WAIT_MS = 3_000;

/** A long command's progress channel, and when every word it carried has been heard. */
export interface ProgressChannel {
  channel: Channel<Progress>;
  /** Settles once the backend closed the channel and each word sent on it reached `onProgress`, in order. */
  allHeard: () => Promise<void>;
}

/**
 * The words of a long command (a backup's preview or restore) travel apart
 * from its answer: each word is run in the page as a script of its own,
 * the answer comes back by the IPC. Under load the answer can come first.
 * The command's caller waits on `allHeard` before it takes the answer, so
 * that every word comes before it.
 *
 * Tauri's `Channel` hands its words on in the order they were sent. Once
 * the backend has dropped the channel (its end) and every word before the
 * end has been handed on, it calls its `cleanupCallback`, a private method:
 * `allHeard` waits for that call. progress.test.ts checks that this still
 * holds for the Tauri version in package-lock.json; should a later one
 * drop that method, `allHeard` waits for its bound alone.
 */
export function progressChannel(onProgress: (progress: Progress) => void): ProgressChannel {
  const channel = new Channel<Progress>(onProgress);
  let ended = () => {};
  const end = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const cleanup: unknown = channel['cleanupCallback'];
  if (typeof cleanup === 'function') {
    channel['cleanupCallback'] = () => {
      cleanup.call(channel);
      ended();
    };
  }
  const allHeard = async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, LAST_WORD_WAIT_MS);
    });
    await Promise.race([end, bound]);
    clearTimeout(timer);
  };
  return { channel, allHeard };
}
