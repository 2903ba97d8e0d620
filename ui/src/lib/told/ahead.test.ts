import { afterEach, describe, expect, it, vi } from 'vitest';
import { router } from '$lib/router.svelte';
import { AHEAD_MS, CODE_IDLE_MS, codeWhenIdle, showWhenAnswered, takeAhead } from './ahead';

const flush = () => new Promise((done) => setTimeout(done, 0));

afterEach(() => {
  vi.useRealTimers();
  router.toLibrary();
});

describe('a told-back screen asked for ahead', () => {
  it('stays on the screen left until the answer is in, then shows the screen, which takes the answer drawn at once', async () => {
    let answer!: (value: string) => void;
    const show = vi.fn();
    showWhenAnswered('k:1', () => new Promise<string>((done) => (answer = done)), show);
    await flush();
    expect(show).not.toHaveBeenCalled();
    answer('told');
    await flush();
    expect(show).toHaveBeenCalledTimes(1);
    expect(takeAhead('k:1')).toEqual({ value: 'told' });
    // Taken once: a screen drawn again asks itself.
    expect(takeAhead('k:1')).toBeNull();
  });

  it('shows the screen after a while when the answer is slow, which then waits for the promise', async () => {
    vi.useFakeTimers();
    const show = vi.fn();
    let answer!: (value: string) => void;
    showWhenAnswered('k:2', () => new Promise<string>((done) => (answer = done)), show);
    vi.advanceTimersByTime(AHEAD_MS - 1);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledTimes(1);
    const pending = takeAhead<string>('k:2');
    expect(pending).toBeInstanceOf(Promise);
    answer('late');
    await expect(pending).resolves.toBe('late');
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('shows the screen on a refusal too (the screen words it), and not after another route was taken meanwhile', async () => {
    const show = vi.fn();
    showWhenAnswered('k:3', () => Promise.reject(new Error('refused')), show);
    await flush();
    expect(show).toHaveBeenCalledTimes(1);
    await expect(takeAhead('k:3')).rejects.toThrow('refused');

    const other = vi.fn();
    let answer!: (value: string) => void;
    showWhenAnswered('k:4', () => new Promise<string>((done) => (answer = done)), other);
    router.toYear();
    answer('told');
    await flush();
    expect(other).not.toHaveBeenCalled();
    expect(takeAhead('k:4')).toBeNull();
  });

  it('waits for the screen’s code asked for at the same time, and shows the screen when the code fails to come', async () => {
    let answer!: (value: string) => void;
    let code!: () => void;
    const show = vi.fn();
    showWhenAnswered(
      'k:7',
      () => new Promise<string>((done) => (answer = done)),
      show,
      () => new Promise<void>((done) => (code = done)),
    );
    answer('told');
    await flush();
    expect(show).not.toHaveBeenCalled();
    code();
    await flush();
    expect(show).toHaveBeenCalledTimes(1);
    expect(takeAhead('k:7')).toEqual({ value: 'told' });

    const failed = vi.fn();
    showWhenAnswered('k:8', () => Promise.resolve('told'), failed, () => Promise.reject(new Error('no code')));
    await flush();
    expect(failed).toHaveBeenCalledTimes(1);
  });

  it('gives nothing to a screen of another game', () => {
    showWhenAnswered('k:5', () => new Promise(() => {}), () => {});
    expect(takeAhead('k:6')).toBeNull();
  });
});

describe('a told-back screen’s code fetched while the screen with its button is idle', () => {
  it('is asked once, after the screen has been up a while, and never when the screen is left first', async () => {
    vi.useFakeTimers();
    const code = vi.fn(() => Promise.resolve({}));
    codeWhenIdle(code);
    vi.advanceTimersByTime(CODE_IDLE_MS - 1);
    expect(code).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(code).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * CODE_IDLE_MS);
    expect(code).toHaveBeenCalledTimes(1);

    const left = vi.fn(() => Promise.resolve({}));
    const undo = codeWhenIdle(left);
    vi.advanceTimersByTime(CODE_IDLE_MS / 2);
    undo();
    vi.advanceTimersByTime(10 * CODE_IDLE_MS);
    expect(left).not.toHaveBeenCalled();
  });

  it('says nothing when the code does not come (the screen says it when opened)', async () => {
    vi.useFakeTimers();
    const failing = vi.fn(() => Promise.reject(new TypeError('Importing a module script failed.')));
    codeWhenIdle(failing);
    vi.advanceTimersByTime(CODE_IDLE_MS);
    vi.useRealTimers();
    await flush();
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
