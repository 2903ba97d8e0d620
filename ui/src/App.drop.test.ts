/**
 * A file dropped onto the window: imported wherever the players are, what
 * it did said above the screen and its game opened; both ways shown when
 * the file and the library went different ways, the next file dropped
 * waiting for the players' choice.
 */
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { broughtUpToDate, imported, summary, wentDifferentWays } from '$lib/imports/fixtures';

const ipc = vi.hoisted(() => ({ importCampaign: vi.fn(), onFilesDropped: vi.fn() }));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));

const App = (await import('./App.svelte')).default;
const { router } = await import('$lib/router.svelte');

/** The window's drop listener, once the app listens (after its start settled). */
async function dropper(): Promise<(paths: string[]) => Promise<void>> {
  let handler: ((paths: string[]) => Promise<void>) | null = null;
  ipc.onFilesDropped.mockImplementation(async (h: (paths: string[]) => Promise<void>) => {
    handler = h;
    return () => {};
  });
  render(App);
  await vi.waitFor(() => expect(handler).not.toBeNull(), { timeout: 3000 });
  return handler!;
}

describe('a file dropped onto the window', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    router.toLibrary();
  });

  it('says what it brought and opens its game', async () => {
    ipc.importCampaign.mockResolvedValue(broughtUpToDate);
    const drop = await dropper();
    await drop(['/tmp/venice.bagless.json']);
    const result = await screen.findByTestId('drop-outcome');
    expect(within(screen.getByTestId('drop-result')).getByTestId('drop-outcome-said').textContent).toContain(
      '“Venice nights” was brought up to date',
    );
    expect(result.dataset.how).toBe('brought_up_to_date');
    expect(router.route).toMatchObject({ name: 'game', kind: 'bov', screen: 'diary', gameId: 'c1' });
  });

  it('shows both ways, the next file waiting for the choice; the game kept is opened', async () => {
    const copy = summary({ id: 'c2', name: 'Venice nights (copy of 2026-12-01)' });
    ipc.importCampaign
      .mockResolvedValueOnce(wentDifferentWays)
      .mockResolvedValueOnce(imported('kept_here_and_copy', { copy }))
      .mockResolvedValueOnce(imported('added', { game: summary({ id: 'r1', game: 'risk', name: 'Midnight map' }) }));
    const drop = await dropper();
    const dropped = drop(['/tmp/venice.bagless.json', '/tmp/midnight.bagless.json']);
    const dialog = await screen.findByRole('dialog');
    expect(ipc.importCampaign).toHaveBeenCalledTimes(1);
    expect(router.route.name).toBe('library');
    await fireEvent.click(within(dialog).getByTestId('import-keep-here'));
    expect(ipc.importCampaign).toHaveBeenNthCalledWith(2, wentDifferentWays.path, 'keep_here');
    await dropped;
    // The next file, once the choice was made.
    expect(ipc.importCampaign).toHaveBeenNthCalledWith(3, '/tmp/midnight.bagless.json');
    expect(router.route).toMatchObject({ name: 'game', kind: 'risk', screen: 'risk', gameId: 'r1' });
    expect((await screen.findByTestId('drop-outcome')).dataset.how).toBe('added');
  });

  it('a cancel writes nothing and opens nothing', async () => {
    ipc.importCampaign.mockResolvedValue(wentDifferentWays);
    const drop = await dropper();
    const dropped = drop(['/tmp/venice.bagless.json']);
    await fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    await dropped;
    expect(ipc.importCampaign).toHaveBeenCalledTimes(1);
    expect(router.route.name).toBe('library');
    expect((await screen.findByTestId('drop-outcome')).dataset.how).toBe('cancelled');
  });
});
