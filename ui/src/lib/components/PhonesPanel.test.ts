import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpenTable } from '$lib/ipc';

const ipc = vi.hoisted(() => ({
  tableOpen: vi.fn(),
  tableClose: vi.fn(),
  tableStatus: vi.fn(),
  onSeatActed: vi.fn(),
}));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));

const PhonesPanel = (await import('./PhonesPanel.svelte')).default;

const open: OpenTable = {
  game_id: 'g1',
  address: '192.168.1.20:41234',
  seats: [
    { seat: { id: 'red', name: 'Ana' }, url: 'http://192.168.1.20:41234/s/aaaa', qr_svg: '<svg></svg>', connected: false },
    { seat: { id: 'grey', name: 'Bruno' }, url: 'http://192.168.1.20:41234/s/bbbb', qr_svg: '<svg></svg>', connected: true },
  ],
};

describe('PhonesPanel', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    ipc.tableOpen.mockResolvedValue(open);
    ipc.tableClose.mockResolvedValue(undefined);
    ipc.tableStatus.mockResolvedValue(open);
    ipc.onSeatActed.mockResolvedValue(() => {});
  });

  it('is closed until asked, then shows one link per seat and who follows', async () => {
    render(PhonesPanel, { gameId: 'g1' });
    expect(screen.getByTestId('phones').dataset.open).toBe('false');
    expect(ipc.tableOpen).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByTestId('phones-open'));
    const seats = await screen.findAllByTestId('phones-seat');
    expect(seats.map((s) => [s.dataset.seat, s.dataset.connected])).toEqual([
      ['red', 'false'],
      ['grey', 'true'],
    ]);
  });

  it('revokes every link when the players leave the game (its screen goes)', async () => {
    const { unmount } = render(PhonesPanel, { gameId: 'g1' });
    await fireEvent.click(screen.getByTestId('phones-open'));
    await screen.findAllByTestId('phones-seat');
    expect(ipc.tableClose).not.toHaveBeenCalled();
    unmount();
    expect(ipc.tableClose).toHaveBeenCalledTimes(1);
  });

  it('leaves nothing to close when the table was never opened', () => {
    const { unmount } = render(PhonesPanel, { gameId: 'g1' });
    unmount();
    expect(ipc.tableClose).not.toHaveBeenCalled();
  });
});
