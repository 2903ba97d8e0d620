import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locale } from '$lib/i18n/index.svelte';
import type { HandoverStatus, HandoverTicket } from '$lib/ipc';

const ipc = vi.hoisted(() => ({
  handoverOffer: vi.fn(),
  handoverStatus: vi.fn(),
  handoverWithdraw: vi.fn(),
}));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));

const HandoverOffer = (await import('./HandoverOffer.svelte')).default;
const { countdown, STATUS_MS } = await import('./handover');

const ticket: HandoverTicket = { address: '192.168.1.20:43817', code: 'K7QM-2XPA-9RTD', seconds: 600 };
const status = (taken: boolean, more: Partial<HandoverTicket> = {}): HandoverStatus => ({
  ticket: { ...ticket, ...more },
  taken,
});

/** The panel, opened for "Venice nights"; `onclose` as the library gives it. */
async function opened() {
  const onclose = vi.fn();
  const view = render(HandoverOffer, { gameId: 'c1', name: 'Venice nights', onclose });
  const panel = screen.getByTestId('handover-offer');
  await vi.waitFor(() => expect(panel.dataset.state).toBe('open'));
  return { ...view, onclose, panel };
}

/** Time passes: the countdown's and the questions' intervals, and the clock. */
async function pass(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('sending a game to another Bagless', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    // Only the intervals and the clock: the waits of the tests stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    ipc.handoverOffer.mockResolvedValue(ticket);
    ipc.handoverStatus.mockResolvedValue(status(false));
    ipc.handoverWithdraw.mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    locale.set('en', false);
  });

  it('shows the address and the one-time code, grouped as given, in a labelled region that takes the focus', async () => {
    const { panel } = await opened();
    expect(ipc.handoverOffer).toHaveBeenCalledWith('c1');
    const region = screen.getByRole('region', { name: 'Sending “Venice nights” to another Bagless' });
    expect(region).toBe(panel);
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { level: 4 }));
    expect(screen.getByTestId('handover-address').textContent).toBe('192.168.1.20:43817');
    expect(screen.getByTestId('handover-code').textContent).toBe('K7QM-2XPA-9RTD');
    expect(panel.textContent).toContain('choose “Receive from another Bagless” and type this address and code');
    expect(screen.getByTestId('handover-time').textContent).toBe('Valid for another 10:00, once.');
    expect(screen.getByTestId('handover-said').getAttribute('role')).toBe('status');
    expect(screen.getByTestId('handover-said').textContent).toBe('Waiting for the other Bagless…');
  });

  it('counts down how long the code stays valid', async () => {
    await opened();
    await pass(3000);
    expect(screen.getByTestId('handover-time').textContent).toBe('Valid for another 9:57, once.');
    await pass(60_000);
    expect(screen.getByTestId('handover-time').textContent).toBe('Valid for another 8:57, once.');
  });

  it('asks every moment whether the other Bagless took it, and says so when it did', async () => {
    const { panel } = await opened();
    expect(ipc.handoverStatus).not.toHaveBeenCalled();
    await pass(STATUS_MS);
    expect(ipc.handoverStatus).toHaveBeenCalledTimes(1);
    expect(panel.dataset.state).toBe('open');
    ipc.handoverStatus.mockResolvedValue(status(true));
    await pass(STATUS_MS);
    await vi.waitFor(() => expect(panel.dataset.state).toBe('taken'));
    expect(screen.getByTestId('handover-said').textContent).toBe(
      'The other Bagless received “Venice nights”. The code opens nothing any more.',
    );
    // The spent code is not shown any more, and nothing is asked after.
    expect(screen.queryByTestId('handover-code')).toBeNull();
    const asked = ipc.handoverStatus.mock.calls.length;
    await pass(STATUS_MS * 3);
    expect(ipc.handoverStatus).toHaveBeenCalledTimes(asked);
    expect(screen.queryByTestId('handover-again')).toBeNull();
    expect(screen.getByTestId('handover-close')).toBeTruthy();
  });

  it('Stop withdraws the offer and closes the panel', async () => {
    const { onclose } = await opened();
    await fireEvent.click(screen.getByTestId('handover-stop'));
    await vi.waitFor(() => expect(onclose).toHaveBeenCalledTimes(1));
    expect(ipc.handoverWithdraw).toHaveBeenCalledTimes(1);
  });

  it('Escape does the same, from anywhere in the panel', async () => {
    const { onclose } = await opened();
    await fireEvent.keyDown(screen.getByTestId('handover-stop'), { key: 'Escape' });
    await vi.waitFor(() => expect(onclose).toHaveBeenCalledTimes(1));
    expect(ipc.handoverWithdraw).toHaveBeenCalledTimes(1);
  });

  it('withdraws the offer when the panel goes (the library left)', async () => {
    const { unmount } = await opened();
    expect(ipc.handoverWithdraw).not.toHaveBeenCalled();
    unmount();
    await vi.waitFor(() => expect(ipc.handoverWithdraw).toHaveBeenCalledTimes(1));
    const asked = ipc.handoverStatus.mock.calls.length;
    await pass(STATUS_MS * 2);
    expect(ipc.handoverStatus).toHaveBeenCalledTimes(asked);
  });

  it('withdraws after the offer when closed while the code is being made', async () => {
    let answer: (t: HandoverTicket) => void = () => {};
    ipc.handoverOffer.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const onclose = vi.fn();
    render(HandoverOffer, { gameId: 'c1', name: 'Venice nights', onclose });
    expect(screen.getByTestId('handover-said').textContent).toBe('Making a code…');
    await fireEvent.click(screen.getByTestId('handover-stop'));
    expect(ipc.handoverWithdraw).not.toHaveBeenCalled();
    answer(ticket);
    await vi.waitFor(() => expect(onclose).toHaveBeenCalled());
    expect(ipc.handoverWithdraw).toHaveBeenCalledTimes(1);
    expect(ipc.handoverOffer.mock.invocationCallOrder[0]).toBeLessThan(ipc.handoverWithdraw.mock.invocationCallOrder[0]);
  });

  it('says when the code ran out, and sends again with a new code', async () => {
    ipc.handoverOffer.mockResolvedValueOnce({ ...ticket, seconds: 3 });
    const { panel } = await opened();
    await pass(3000);
    await vi.waitFor(() => expect(panel.dataset.state).toBe('expired'));
    expect(screen.getByTestId('handover-said').textContent).toBe(
      'The code is out of time: nothing was sent. Send again for a new code.',
    );
    expect(screen.queryByTestId('handover-code')).toBeNull();
    ipc.handoverOffer.mockResolvedValueOnce({ ...ticket, code: 'AAAA-BBBB-CCCC' });
    await fireEvent.click(screen.getByTestId('handover-again'));
    await vi.waitFor(() => expect(panel.dataset.state).toBe('open'));
    expect(screen.getByTestId('handover-code').textContent).toBe('AAAA-BBBB-CCCC');
    expect(ipc.handoverOffer).toHaveBeenCalledTimes(2);
  });

  it('says when the offer is gone (another one made)', async () => {
    const { panel } = await opened();
    ipc.handoverStatus.mockResolvedValue(status(false, { code: 'ZZZZ-ZZZZ-ZZZZ' }));
    await pass(STATUS_MS);
    await vi.waitFor(() => expect(panel.dataset.state).toBe('stopped'));
    expect(screen.getByTestId('handover-said').textContent).toBe('The code was withdrawn: it opens nothing any more.');
  });

  it('says a refusal in the players’ words: no local network, in the handover’s words', async () => {
    const { IpcError } = await import('$lib/ipc');
    ipc.handoverOffer.mockRejectedValue(
      new IpcError('no_local_network', 'This computer is on no local network: connect it to the same Wi-Fi as the phones.'),
    );
    render(HandoverOffer, { gameId: 'c1', name: 'Venice nights', onclose: vi.fn() });
    const error = await screen.findByTestId('error');
    expect(screen.getByTestId('handover-offer').dataset.state).toBe('failed');
    expect(error.textContent?.trim()).toBe(
      'This computer is on no local network: connect it to the same network as the other computer, then send again.',
    );
    expect(screen.getByTestId('handover-again')).toBeTruthy();
  });

  it('is in French too', async () => {
    await locale.set('fr', false);
    const { panel } = await opened();
    expect(within(panel).getByRole('heading').textContent).toBe('Envoi de «\u00a0Venice nights\u00a0» à un autre Bagless');
    expect(screen.getByTestId('handover-time').textContent).toBe('Valable encore 10:00, une seule fois.');
    expect(screen.getByTestId('handover-stop').textContent).toBe('Arrêter l’envoi');
  });
});

describe('the countdown', () => {
  it('says minutes and seconds', () => {
    expect(countdown(600)).toBe('10:00');
    expect(countdown(65)).toBe('1:05');
    expect(countdown(0.2)).toBe('0:01');
    expect(countdown(-3)).toBe('0:00');
  });
});
