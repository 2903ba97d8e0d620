import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpenTable } from '$lib/ipc';

const ipc = vi.hoisted(() => ({
  tableOpen: vi.fn(),
  tableClose: vi.fn(),
  tableStatus: vi.fn(),
  tableNetworks: vi.fn(),
  tableFree: vi.fn(),
  tableRenew: vi.fn(),
  onSeatActed: vi.fn(),
}));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));

const PhonesPanel = (await import('./PhonesPanel.svelte')).default;

const open: OpenTable = {
  game_id: 'g1',
  address: '192.168.1.20:41234',
  seats: [
    {
      seat: { id: 'red', name: 'Ana' },
      url: 'http://192.168.1.20:41234/s/aaaa',
      qr_svg: '<svg data-code="red"></svg>',
      connected: false,
      held: false,
      devices: 0,
    },
    {
      seat: { id: 'grey', name: 'Bruno' },
      url: 'http://192.168.1.20:41234/s/bbbb',
      qr_svg: '<svg data-code="grey"></svg>',
      connected: true,
      held: true,
      devices: 3,
    },
  ],
};

describe('PhonesPanel', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    ipc.tableOpen.mockResolvedValue(open);
    ipc.tableClose.mockResolvedValue(undefined);
    ipc.tableStatus.mockResolvedValue(null);
    ipc.tableNetworks.mockResolvedValue([{ name: 'wlp2s0', address: '192.168.1.20' }]);
    ipc.tableFree.mockResolvedValue(open);
    ipc.tableRenew.mockResolvedValue(open);
    ipc.onSeatActed.mockResolvedValue(() => {});
  });

  it('is closed until asked, then lists the seats, who holds each and how many devices tried', async () => {
    render(PhonesPanel, { gameId: 'g1' });
    expect(screen.getByTestId('phones').dataset.open).toBe('false');
    expect(ipc.tableOpen).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByTestId('phones-open'));
    const seats = await screen.findAllByTestId('phones-seat');
    expect(seats.map((s) => [s.dataset.seat, s.dataset.connected, s.dataset.held, s.dataset.devices])).toEqual([
      ['red', 'false', 'false', '0'],
      ['grey', 'true', 'true', '3'],
    ]);
    expect(screen.getByTestId('phones-devices').textContent).toContain('3');
    expect(screen.getByTestId('phones-protects').textContent).toMatch(/does not/);
  });

  // Issue 56: "one seat's code at a time, on demand, hidden once claimed
  // (text link behind a "show" toggle)".
  it('shows no code until asked, one seat’s at a time, its text link behind a toggle, none for a seat held', async () => {
    render(PhonesPanel, { gameId: 'g1' });
    await fireEvent.click(screen.getByTestId('phones-open'));
    await screen.findAllByTestId('phones-seat');
    expect(screen.queryByTestId('phones-code')).toBeNull();
    expect(document.body.innerHTML).not.toContain('/s/aaaa');
    const shows = screen.getAllByTestId('phones-show');
    expect(shows).toHaveLength(1);
    await fireEvent.click(shows[0]);
    const code = screen.getByTestId('phones-code');
    expect(code.dataset.seat).toBe('red');
    expect(code.innerHTML).toContain('data-code="red"');
    expect(document.body.innerHTML).not.toContain('data-code="grey"');
    expect(screen.queryByTestId('phones-link')).toBeNull();
    await fireEvent.click(screen.getByTestId('phones-show-link'));
    expect(screen.getByTestId('phones-link').textContent).toBe('http://192.168.1.20:41234/s/aaaa');
    // Red's phone claims the seat: its code goes from the screen.
    const held = structuredClone(open);
    held.seats[0].held = true;
    ipc.tableFree.mockResolvedValue(held);
    await fireEvent.click(screen.getAllByTestId('phones-free')[0]);
    await waitFor(() => expect(screen.queryByTestId('phones-code')).toBeNull());
    expect(document.body.innerHTML).not.toContain('/s/aaaa');
  });

  it('frees a seat held and gives one seat a new link', async () => {
    render(PhonesPanel, { gameId: 'g1' });
    await fireEvent.click(screen.getByTestId('phones-open'));
    await screen.findAllByTestId('phones-seat');
    await fireEvent.click(screen.getByTestId('phones-free'));
    expect(ipc.tableFree).toHaveBeenCalledWith('grey');
    await fireEvent.click(screen.getAllByTestId('phones-renew')[0]);
    expect(ipc.tableRenew).toHaveBeenCalledWith('red');
    // The new link's code is shown for that seat.
    expect((await screen.findByTestId('phones-code')).dataset.seat).toBe('red');
  });

  // Issue 56: "a window reload leaves the table open while the panel says it is closed".
  it('shows the table open when it was open before the window reloaded', async () => {
    ipc.tableStatus.mockResolvedValue(open);
    render(PhonesPanel, { gameId: 'g1' });
    await waitFor(() => expect(screen.getByTestId('phones').dataset.open).toBe('true'));
    expect(ipc.tableOpen).not.toHaveBeenCalled();
  });

  it('offers the networks when there are several, and opens on the one chosen', async () => {
    ipc.tableNetworks.mockResolvedValue([
      { name: 'wlp2s0', address: '192.168.1.20' },
      { name: 'ap0', address: '10.42.0.1' },
    ]);
    render(PhonesPanel, { gameId: 'g1' });
    const select = (await screen.findByTestId('phones-network')) as HTMLSelectElement;
    await fireEvent.change(select, { target: { value: '10.42.0.1' } });
    await fireEvent.click(screen.getByTestId('phones-open'));
    expect(ipc.tableOpen).toHaveBeenCalledWith('g1', '10.42.0.1');
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
