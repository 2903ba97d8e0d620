import { fireEvent, render, screen as dom, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locale } from '$lib/i18n/index.svelte';
import { router } from '$lib/router.svelte';
import { IpcError } from '$lib/ipc';
import { evening, overCount, story, told, year, yearTold } from './fixtures';
import { moneyChart } from './told';

const ipc = vi.hoisted(() => ({ gameStory: vi.fn() }));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));

const Story = (await import('./Story.svelte')).default;
const Evening = (await import('./Evening.svelte')).default;
const Year = (await import('./Year.svelte')).default;

beforeEach(() => {
  ipc.gameStory.mockReset();
});
afterEach(() => locale.set('en', false));

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent?.trim());

describe('the story of a game of Assassin Nation', () => {
  it('tells each player’s money round by round with the targets taken, and the count explained', async () => {
    ipc.gameStory.mockResolvedValue(told(story()));
    render(Story, { gameId: 'n1' });
    expect((await dom.findByTestId('nation-story-name')).textContent).toContain('Friday contracts');
    expect(ipc.gameStory).toHaveBeenCalledWith('n1');
    const rounds = dom.getAllByTestId('nation-story-round');
    expect(rounds.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Start', 'Round 1', 'Round 2']);
    expect(cells(rounds[0]).slice(0, 3)).toEqual(['$2,000', '$2,000', '$2,000']);
    expect(cells(rounds[1]).slice(0, 3)).toEqual(['$6,000', '$2,000', '$2,000']);
    expect(cells(rounds[1])[3]).toBe('Target 1 by Ann ($4,000)');
    expect(cells(rounds[2])[3]).toBe('The Banker by Bo ($3,000)');
    const lines = dom.getAllByTestId('nation-story-count-line');
    expect(cells(lines[1])).toEqual(['$3,000 (1 tile)', '$2,000', '$5,000', '$0', '$10,000']);
    expect(cells(lines[0])[3]).toBe('\u2212$1,000');
    expect(lines[1].textContent).toContain('wins');
    expect(lines.map((l) => l.dataset.total)).toEqual(['6000', '10000', '2000']);
  });

  it('draws the money chart with the numbers of its table twin, each target a mark the keyboard reaches', async () => {
    ipc.gameStory.mockResolvedValue(told(story()));
    render(Story, { gameId: 'n1' });
    const table = await dom.findByTestId('nation-story-money');
    const img = dom.getByRole('img');
    // The image points to its twin, the table that follows it.
    expect(img.getAttribute('aria-details')).toBe(table.id);
    expect(img.closest('figure')?.nextElementSibling).toBe(table);
    const { series } = moneyChart(story());
    // Column by column, the table holds what each line is drawn through.
    for (const [seat, line] of series.entries()) {
      const column = dom.getAllByTestId('nation-story-cell').filter((c) => c.dataset.seat === String(seat));
      expect(column.map((c) => Number(c.dataset.running))).toEqual(line.values);
    }
    expect(series.map((s) => s.label)).toEqual(['Ann', 'Bo', 'Cy']);
    const marks = dom.getAllByTestId('chart-mark');
    expect(marks).toHaveLength(2);
    expect(marks[1].getAttribute('aria-label')).toBe('The Banker taken ($3,000): Bo, Round 2, $5,000');
    marks[0].focus();
    expect(document.activeElement).toBe(marks[0]);
  });

  it('before the end, says the hit lists stay secret and shows no count', async () => {
    const running = story({ phase: 'reveal', end_count: null, winner: null });
    running.rounds[2] = { ...running.rounds[2], ended: false };
    ipc.gameStory.mockResolvedValue(told(running));
    render(Story, { gameId: 'n1' });
    expect(await dom.findByText(/stay secret until the count/)).toBeTruthy();
    expect(dom.getByTestId('nation-story-no-count')).toBeTruthy();
    expect(dom.queryByTestId('nation-story-count')).toBeNull();
    expect(dom.getAllByTestId('nation-story-round')[2].textContent).toContain('Round 2 (so far)');
  });

  it('says a hit list not shown yet rather than its bonuses', async () => {
    const lines = overCount.lines.map((l) => (l.seat === 2 ? { ...l, hit_list: null } : l));
    ipc.gameStory.mockResolvedValue(told(story({ phase: 'count', winner: null, end_count: { ...overCount, lines, closed: false, winner: null, missing_hit_lists: [2] } })));
    render(Story, { gameId: 'n1' });
    const line = (await dom.findAllByTestId('nation-story-count-line'))[2];
    expect(cells(line)[2]).toBe('Not shown yet');
  });

  it('goes back to the game and to its history, each a button the keyboard reaches', async () => {
    ipc.gameStory.mockResolvedValue(told(story()));
    render(Story, { gameId: 'n1' });
    await dom.findByTestId('nation-story-name');
    for (const id of ['nation-story-to-game', 'nation-story-to-history']) {
      const button = dom.getByTestId(id);
      button.focus();
      expect(document.activeElement).toBe(button);
    }
    await fireEvent.click(dom.getByTestId('nation-story-to-game'));
    expect(router.route).toEqual({ name: 'game', kind: 'nation', screen: 'nation', gameId: 'n1', params: {} });
    await fireEvent.click(dom.getByTestId('nation-story-to-history'));
    expect(router.route).toMatchObject({ kind: 'nation', screen: 'game_history', gameId: 'n1' });
  });

  it('writes money in French as French does', async () => {
    locale.set('fr', false);
    ipc.gameStory.mockResolvedValue(told(story()));
    render(Story, { gameId: 'n1' });
    const rounds = await dom.findAllByTestId('nation-story-round');
    expect(within(rounds[0]).getByRole('rowheader').textContent).toBe('Départ');
    expect(cells(rounds[1])[0]).toMatch(/^6\s000\u00a0\$$/u);
  });

  it('shows the error when the story cannot be read', async () => {
    ipc.gameStory.mockImplementation(() => Promise.reject(new IpcError('no_such_campaign', 'That game is not in the library.')));
    render(Story, { gameId: 'n1' });
    expect((await dom.findByRole('alert')).dataset.code).toBe('no_such_campaign');
  });
});

describe('the evening and the year of Assassin Nation', () => {
  it('tells the rounds, the money gained and the targets of the evening', () => {
    render(Evening, { told: told(evening(), '2026-03-01T20:20:00Z') });
    expect(dom.getByTestId('nation-evening-rounds').textContent).toContain('Round 2 played. Bo won the game.');
    const rows = dom.getAllByTestId('nation-evening-money');
    expect(cells(rows[1])).toEqual(['+$3,000', '$5,000', 'The Banker']);
    expect(cells(rows[0])).toEqual(['$0', '$6,000', '']);
  });

  it('says when nothing was played', () => {
    render(Evening, { told: told(evening({ entries: 0, rounds: [], targets: [], money: [], over: false, winner: null })) });
    expect(dom.getByText('Nothing played since then.')).toBeTruthy();
    expect(dom.queryAllByTestId('nation-evening-money')).toHaveLength(0);
  });

  it('counts the year’s games and each player’s wins', () => {
    render(Year, { told: yearTold(year()) });
    expect(dom.getByText('3 games played, 2 finished.')).toBeTruthy();
    const rows = dom.getAllByTestId('nation-year-player');
    expect(rows.map((r) => [r.dataset.name, ...cells(r)])).toEqual([
      ['Bo', '3', '2'],
      ['Ann', '2', '0'],
    ]);
  });
});
