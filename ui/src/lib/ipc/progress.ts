import { Channel } from '@tauri-apps/api/core';
import type { Progress } from './types/Progress';

/**
 * How long an answer waits, at most, for progress words still on their way
 * (the backend closes the channel before it answers, so this is only a
 * bound for a channel that never closes).
 */
export const LAST_WORD_WAIT_MS = 1_000;

/** A long command's progress channel, and when every word it carried has been heard. */
export interface ProgressChannel {
  channel: Channel<Progress>;
  /** Settles once the backend closed the channel and each word sent on it reached `onProgress`, in order. */
  allHeard: () => Promise<void>;
}

/**
 * The words of a long command (a backup's preview or restore) travel apart
 * from its answer: each word is run in the page as a script of its own,
 * the answer comes back by the IPC. Under load the answer can come first,
 * and the words after it would be lost (or would show a bar for work
 * already done). The command's caller waits on `allHeard` before it takes
 * the answer, so that every word comes before it.
 *
 * Tauri's `Channel` hands its words on in the order they were sent, and
 * calls its own `cleanupCallback` once the backend dropped the channel
 * (the end) and every word before the end was handed on: that moment is
 * what `allHeard` waits for. progress.test.ts keeps that behaviour of the
 * locked Tauri version.
 */
export function progressChannel(onProgress: (progress: Progress) => void): ProgressChannel {
  const channel = new Channel<Progress>(onProgress);
  let ended = () => {};
  const end = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const cleanup = (channel['cleanupCallback'] as () => void).bind(channel);
  channel['cleanupCallback'] = () => {
    cleanup();
    ended();
  };
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
