import { fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seatLink, type RiskSeatView, type SeatAnswer } from '$lib/ipc/seat';
import { seal, unseal } from '$lib/ipc/seal';
import SeatPage from './SeatPage.svelte';

/** The seat's link secret (its fragment) and what the page derives from it. */
const SECRET = 'a1'.repeat(32);
const link = seatLink({ hash: `#${SECRET}` })!;
const base = link.base;

/** An answer as the seat server sends it: sealed with the seat's key. */
const sealed = (body: unknown) => ({ sealed: seal(link.key, 'answer', JSON.stringify(body)) });
/** The action a phone sent, opened as the server opens it. */
const sent = (init?: RequestInit) => {
  const body = JSON.parse(String(init?.body)) as { sealed: string };
  return (JSON.parse(unseal(link.key, 'act', body.sealed)!) as { action: unknown }).action;
};

/** Red's own screen: two fragments, one met, one aptitude card kept. */
const red: RiskSeatView = {
  colour: 'red',
  name: 'Ana',
  on_turn: true,
  fragments: [
    {
      fragment: { id: 3, name: null, mission: { territories: ['alaska', 'peru'], turns: 2, assassins: 8 }, used: false },
      met: true,
      not_yet: null,
      claimable: true,
    },
    { fragment: { id: 7, name: null, mission: null, used: false }, met: false, not_yet: null, claimable: false },
  ],
  claimed: [],
  aptitude_held: ['+2 to the defence'],
  aptitude_hidden: 1,
  aptitude: null,
  reinforcements: [
    { kind: 'base', assassins: 3 },
    { kind: 'territories', held: 12, assassins: 4 },
  ],
  // Not the lines' sum: the page shows the rules' total, it adds nothing up.
  reinforcement_total: 9,
  territories: [
    { id: 'alaska', name: { en: 'Alaska', fr: 'Alaska' } },
    { id: 'peru', name: { en: 'Peru', fr: 'Pérou' } },
  ],
  mission_bounds: { turns_fewest: 0, turns_most: 20, assassins_fewest: 1, assassins_most: 50 },
};
const answer: SeatAnswer = { game: 'risk', id: 'g1', name: 'Midnight map', seat: { id: 'red', name: 'Ana' }, view: red };

/** The live stream, as the page opens it (jsdom has no EventSource). */
class FakeSource {
  static CLOSED = 2;
  static opened: FakeSource[] = [];
  readyState = 1;
  listeners: Record<string, (e: MessageEvent) => void> = {};
  onerror: (() => void) | null = null;
  closed = false;
  constructor(public url: string) {
    FakeSource.opened.push(this);
  }
  addEventListener(name: string, listener: (e: MessageEvent) => void) {
    this.listeners[name] = listener;
  }
  send(name: string, data: unknown) {
    this.listeners[name]?.({ data: seal(link.key, 'answer', JSON.stringify(data)) } as MessageEvent);
  }
  close() {
    this.closed = true;
    this.readyState = FakeSource.CLOSED;
  }
}

function answering(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ({
      ok: status === 200,
      status,
      // The seat's view and the rules' refusals sealed; the server's own refusals in clear.
      json: async () => (status === 200 || status === 409 ? sealed(body) : body),
    })),
  );
}

describe('a seat’s page on a phone', () => {
  beforeEach(() => {
    FakeSource.opened = [];
    vi.stubGlobal('EventSource', FakeSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the seat’s own fragments and missions, then follows the host', async () => {
    answering(200, answer);
    render(SeatPage, { link });
    expect((await screen.findByTestId('seat-name')).textContent).toContain('Ana');
    expect(screen.getByTestId('seat-game').textContent).toContain('Midnight map');
    const fragments = screen.getAllByTestId('seat-fragment');
    expect(fragments.map((f) => f.dataset.fragment)).toEqual(['3', '7']);
    expect(fragments[0].textContent).toContain('Hold Alaska, Peru for 2 turns: +8');
    expect(fragments[0].textContent).toContain('Mission met');
    expect(fragments[1].textContent).toContain('Mission asked when claimed');
    expect(screen.getByTestId('seat-aptitude-card').textContent).toContain('+2 to the defence');
    // Its new assassins explained, line by line, with the rules' total.
    const lines = screen.getAllByTestId('seat-reinforcement');
    expect(lines.map((l) => [...l.children].map((cell) => cell.textContent))).toEqual([
      ['Every turn', '+3'],
      ['For 12 territories held', '+4'],
    ]);
    const total = screen.getByTestId('seat-reinforcements').querySelector('tr.total');
    expect([...(total?.children ?? [])].map((cell) => cell.textContent)).toEqual(['Total', '9']);
    expect(screen.queryByTestId('seat-on-turn')).not.toBeNull();
    expect(FakeSource.opened[0].url).toBe(`${base}/live`);
    expect(base).toMatch(/^\/s\/[0-9a-f]{32}$/);
    expect(base).not.toContain(SECRET);

    // The host claims fragment 3: the phone shows it claimed.
    FakeSource.opened[0].send('view', {
      ...answer,
      view: { ...red, on_turn: false, fragments: [red.fragments[1]], claimed: [{ ...red.fragments[0].fragment, used: true }] },
    });
    await waitFor(() => expect(screen.getAllByTestId('seat-fragment')).toHaveLength(1));
    expect(screen.queryByTestId('seat-on-turn')).toBeNull();
  });

  it('says why a wrong or revoked link opens nothing', async () => {
    answering(403, { code: 'seat_closed' });
    render(SeatPage, { link: null });
    const refused = await screen.findByTestId('seat-refused');
    expect(refused.dataset.code).toBe('seat_closed');
    expect(refused.textContent).toContain('The table was closed on the computer that keeps the game');
    expect(FakeSource.opened).toHaveLength(0);
  });

  // Issue 56: "another device is refused until the host frees that seat".
  it('says so when another phone holds the seat, and stops asking', async () => {
    answering(403, { code: 'seat_taken' });
    render(SeatPage, { link });
    const refused = await screen.findByTestId('seat-refused');
    expect(refused.dataset.code).toBe('seat_taken');
    expect(refused.textContent).toContain('Another phone already holds this seat');
    expect(FakeSource.opened).toHaveLength(0);
  });

  it('says so when the host frees the seat from this phone while it follows', async () => {
    answering(200, answer);
    render(SeatPage, { link });
    await screen.findByTestId('seat-name');
    answering(403, { code: 'seat_taken' });
    FakeSource.opened[0].onerror?.();
    expect((await screen.findByTestId('seat-refused')).dataset.code).toBe('seat_taken');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeSource.opened).toHaveLength(1);
  });

  // Issue 56: "the phone reconnecting with backoff".
  it('waits longer after each failure to follow again, 30 s at most, a fifth either way', async () => {
    const { retryDelay } = await import('$lib/ipc/seat');
    expect([0, 1, 2, 3].map((n) => retryDelay(n, () => 0.5))).toEqual([300, 600, 1200, 2400]);
    expect(retryDelay(20, () => 0.5)).toBe(30_000);
    expect(retryDelay(0, () => 0)).toBe(240);
    expect(retryDelay(0, () => 1)).toBe(360);
  });

  it('picks up again when its stream stopped (a phone that slept)', async () => {
    answering(200, answer);
    render(SeatPage, { link });
    await screen.findByTestId('seat-name');
    const first = FakeSource.opened[0];
    answering(200, { ...answer, name: 'After midnight' });
    first.readyState = FakeSource.CLOSED;
    first.onerror?.();
    await waitFor(() => expect(screen.getByTestId('seat-game').textContent).toContain('After midnight'));
    expect(FakeSource.opened).toHaveLength(2);
    expect(first.closed).toBe(true);
  });

  it('says so when the table closes while the page is open', async () => {
    answering(200, answer);
    render(SeatPage, { link });
    await screen.findByTestId('seat-name');
    FakeSource.opened[0].send('refused', { code: 'seat_closed' });
    expect((await screen.findByTestId('seat-refused')).dataset.code).toBe('seat_closed');
  });

  it('claims a met fragment from the phone on its turn, and words a refusal by the rules', async () => {
    const claimed = { ...answer, view: { ...red, fragments: [red.fragments[1]], claimed: [{ ...red.fragments[0].fragment, used: true }] } };
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/act')) {
        expect(init?.method).toBe('POST');
        expect(sent(init)).toEqual({ type: 'claim_fragment', fragment: 3 });
        return { ok: true, status: 200, json: async () => sealed(claimed) };
      }
      return { ok: true, status: 200, json: async () => sealed(answer) };
    });
    vi.stubGlobal('fetch', fetch);
    render(SeatPage, { link });
    const claim = await screen.findByTestId('seat-claim');
    expect(screen.getAllByTestId('seat-claim')).toHaveLength(1);
    expect(claim.textContent).toContain('Claim Fragment 3');
    claim.click();
    await waitFor(() => expect(screen.getAllByTestId('seat-fragment')).toHaveLength(1));
    expect(screen.queryByTestId('seat-claim')).toBeNull();

    // Refused (not its turn any more, the host moved on): the rule's words.
    render(SeatPage, { link });
    answering(409, {
      code: 'rules',
      violations: [{ game: 'risk', code: 'seat_not_on_turn', section: 'ACCOMPLIR DES MISSIONS', message: '', params: { colour: 'red' } }],
    });
    const again = (await screen.findAllByTestId('seat-claim'))[0];
    again.click();
    const error = await screen.findByTestId('error');
    expect(error.querySelector('[data-rule]')?.getAttribute('data-rule')).toBe('seat_not_on_turn');
    expect(error.textContent).toContain('wait for your turn');
  });

  it('turns an aptitude card over from the phone on its turn, with the host’s form', async () => {
    const offered = {
      ...answer,
      view: { ...red, aptitude: { losses: [{ territory: 'alaska' as const, count: 2 }], max_gain: 50, reason_chars: 200, min_gain: 0, min_loss: 1 } },
    };
    const turned = { ...answer, view: { ...red, aptitude_hidden: 0, aptitude_held: [...red.aptitude_held, 'Ezio'] } };
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/act')) {
        expect(sent(init)).toEqual({
          type: 'reveal_aptitude',
          gain: 0,
          losses: [{ territory: 'alaska', count: 2 }],
          reason: 'Ezio',
        });
        return { ok: true, status: 200, json: async () => sealed(turned) };
      }
      return { ok: true, status: 200, json: async () => sealed(offered) };
    });
    vi.stubGlobal('fetch', fetch);
    render(SeatPage, { link });
    (await screen.findByTestId('seat-aptitude-open')).click();
    const form = await screen.findByTestId('risk-aptitude-form');
    const reason = form.querySelector<HTMLInputElement>('[data-testid="risk-aptitude-reason"]')!;
    await fireEvent.input(reason, { target: { value: 'Ezio' } });
    const from = form.querySelector<HTMLSelectElement>('[data-testid="risk-aptitude-loss-territory-0"]')!;
    // The territory by its name in the phone's language, the most it may take beside it.
    expect(from.textContent).toContain('Alaska');
    from.value = 'alaska';
    await fireEvent.change(from);
    expect(screen.getByTestId('risk-aptitude-loss-most-0').textContent).toContain('2');
    const count = form.querySelector<HTMLInputElement>('[data-testid="risk-aptitude-loss-count-0"]')!;
    await fireEvent.input(count, { target: { value: '2' } });
    screen.getByTestId('risk-aptitude-save').click();
    await waitFor(() => expect(screen.getAllByTestId('seat-aptitude-card')).toHaveLength(2));
    // Taken: the form is gone (the view offers none now).
    expect(screen.queryByTestId('risk-aptitude-form')).toBeNull();
    expect(screen.queryByTestId('seat-aptitude-open')).toBeNull();
  });

  it('offers no aptitude card to turn over when the view offers none', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => ({ ok: true, status: 200, json: async () => sealed(answer) })));
    render(SeatPage, { link });
    await screen.findAllByTestId('seat-fragment');
    expect(screen.queryByTestId('seat-aptitude-open')).toBeNull();
  });

  it('takes an action written whose view after it could not be read as taken, not refused', async () => {
    const fetch = vi.fn(async (url: string) => {
      if (url.endsWith('/act')) return { ok: true, status: 202, json: async () => ({ code: 'internal', violations: [] }) };
      return { ok: true, status: 200, json: async () => sealed(answer) };
    });
    vi.stubGlobal('fetch', fetch);
    render(SeatPage, { link });
    (await screen.findByTestId('seat-claim')).click();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith(`${base}/act`, expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // No refusal shown; the page keeps its view until the live one comes.
    expect(screen.queryByTestId('error')).toBeNull();
    expect(screen.getAllByTestId('seat-fragment')).toHaveLength(2);
  });
});
