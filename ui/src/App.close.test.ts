/**
 * The window's close in the app shell: once the close is listened for, a
 * close asked after play shows the evening's summary (closing: with "Close
 * Bagless") and keeps the window open; nothing played lets it close and
 * stays where the players were. `$lib/ipc` mocked, and its window module.
 */
import { render, screen, waitFor } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { router } from '$lib/router.svelte';

const ipc = vi.hoisted(() => ({ libraryEvening: vi.fn() }));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));
const closing = vi.hoisted(() => ({ offer: null as null | (() => Promise<boolean>), closeNow: vi.fn() }));
vi.mock('$lib/ipc/closing', () => ({
  onCloseAsked: async (offer: () => Promise<boolean>) => {
    closing.offer = offer;
    return () => {};
  },
  closeNow: closing.closeNow,
}));

const App = (await import('./App.svelte')).default;

beforeEach(() => {
  closing.offer = null;
  ipc.libraryEvening.mockReset();
  router.toLibrary();
});

describe('the close', () => {
  it('after play: held, the evening shown with Close Bagless', async () => {
    ipc.libraryEvening.mockResolvedValue([{ game: 'chess', id: 'a', name: 'Midnight map', since: '2026-12-01T18:00:00Z', told: {} }]);
    render(App);
    await waitFor(() => expect(screen.getByTestId('app').dataset.close).toBe('heard'));
    expect(await closing.offer!()).toBe(true);
    flushSync();
    expect(router.route).toEqual({ name: 'evening', since: null, closing: true });
    expect(await screen.findByTestId('evening-close', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByTestId('screen-evening')).toBeTruthy();
  }, 30_000);

  it('nothing played: it closes, the library stays', async () => {
    ipc.libraryEvening.mockResolvedValue([]);
    render(App);
    await waitFor(() => expect(screen.getByTestId('app').dataset.close).toBe('heard'));
    expect(await closing.offer!()).toBe(false);
    expect(router.route).toEqual({ name: 'library' });
  });
});
