/**
 * The evening's summary and the year, on the ipc's answers (`$lib/ipc`
 * mocked, nothing else): each game played told by name, with its box's card
 * or a plain line; the players' time read or refused in their words; the
 * buttons of a summary brought by the close; the picture drawn from what is
 * shown; axe clean.
 */
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameTold, YearTold } from '$lib/ipc';
import { IpcError } from '$lib/ipc';
import { locale } from '$lib/i18n/index.svelte';
import { router } from '$lib/router.svelte';
import { LineChart } from '$lib/charts';
import { pictureSvg } from './picture';

const ipc = vi.hoisted(() => ({ libraryEvening: vi.fn(), libraryYear: vi.fn(), savePicture: vi.fn() }));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));
const closing = vi.hoisted(() => ({ closeNow: vi.fn(), onCloseAsked: vi.fn() }));
vi.mock('$lib/ipc/closing', () => closing);

const Evening = (await import('./Evening.svelte')).default;
const Year = (await import('./Year.svelte')).default;

const SINCE = '2026-12-01T18:00:00Z';
const played = (id: string, name: string, game = 'chess'): GameTold => ({ game, id, name, since: SINCE, told: {} });

async function violations(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

beforeEach(() => {
  for (const f of [...Object.values(ipc), ...Object.values(closing)]) f.mockReset();
  router.toLibrary();
});
afterEach(async () => {
  await locale.set('en');
});

describe('the evening', () => {
  it('tells every game played by name, a box without its own card in a plain line', async () => {
    ipc.libraryEvening.mockResolvedValue([played('a', 'Midnight map'), played('b', 'The pyramid')]);
    render(Evening, { since: null });
    const games = await screen.findAllByTestId('evening-game');
    expect(games.map((g) => within(g).getByRole('heading').textContent)).toEqual(['Midnight map', 'The pyramid']);
    expect(games[0].textContent).toContain('Played in that time.');
    expect(screen.getByTestId('evening-count').textContent).toBe('2 games played');
    expect(ipc.libraryEvening).toHaveBeenCalledWith(null);
    // Since the window opened: the backend's time, in the players' words.
    expect(screen.getByTestId('evening-span').textContent).toMatch(/^Since Bagless was opened \(Dec 1, 2026, \d+:00 [AP]M\), until /);
  });

  it('lays more than two games in two columns on paper, two or fewer across the page', async () => {
    ipc.libraryEvening.mockResolvedValue([played('a', 'A'), played('b', 'B')]);
    const two = render(Evening, { since: null });
    await screen.findAllByTestId('evening-game');
    expect(two.container.querySelector('.games')?.classList.contains('many')).toBe(false);
    two.unmount();
    ipc.libraryEvening.mockResolvedValue([played('a', 'A'), played('b', 'B'), played('c', 'C')]);
    const three = render(Evening, { since: null });
    await screen.findAllByTestId('evening-game');
    expect(three.container.querySelector('.games')?.classList.contains('many')).toBe(true);
  });

  it('says so when nothing was played, and offers no picture', async () => {
    ipc.libraryEvening.mockResolvedValue([]);
    render(Evening, { since: SINCE });
    expect(await screen.findByTestId('evening-nothing')).toBeTruthy();
    expect((screen.getByTestId('evening-picture') as HTMLButtonElement).disabled).toBe(true);
    expect(ipc.libraryEvening).toHaveBeenCalledWith(SINCE);
  });

  it('reads the players’ time, and refuses an empty or a future one in their words', async () => {
    ipc.libraryEvening.mockResolvedValue([played('a', 'Midnight map')]);
    render(Evening, { since: null });
    await screen.findAllByTestId('evening-game');
    const input = screen.getByTestId('evening-since') as HTMLInputElement;
    const show = screen.getByTestId('evening-since-show');

    await fireEvent.input(input, { target: { value: '' } });
    await fireEvent.click(show);
    expect((await screen.findByTestId('evening-since-wrong')).textContent).toBe(
      'That is not a date and time: choose a day and an hour in the field.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');

    await fireEvent.input(input, { target: { value: '2999-01-01T20:00' } });
    await fireEvent.click(show);
    expect(screen.getByTestId('evening-since-wrong').textContent).toBe('That time has not come yet: choose one before now.');
    expect(router.route.name).toBe('library');

    await fireEvent.input(input, { target: { value: '2026-12-01T19:30' } });
    await fireEvent.click(show);
    expect(screen.queryByTestId('evening-since-wrong')).toBeNull();
    expect(router.route).toEqual({ name: 'evening', since: new Date('2026-12-01T19:30').toISOString(), closing: false });
  });

  it('brought by the close, offers to close Bagless or to go back where the players were', async () => {
    ipc.libraryEvening.mockResolvedValue([played('a', 'Midnight map')]);
    router.toScreen('risk', 'g1', 'risk');
    router.toEvening(null, true);
    render(Evening, { since: null, closing: true });
    await screen.findAllByTestId('evening-game');
    await fireEvent.click(screen.getByTestId('evening-close'));
    expect(closing.closeNow).toHaveBeenCalledTimes(1);
    await fireEvent.click(screen.getByTestId('evening-back'));
    expect(router.route).toMatchObject({ name: 'game', kind: 'risk', gameId: 'g1' });
  });

  it('has no close button when opened from the library', async () => {
    ipc.libraryEvening.mockResolvedValue([played('a', 'Midnight map')]);
    render(Evening, { since: null });
    await screen.findAllByTestId('evening-game');
    expect(screen.queryByTestId('evening-close')).toBeNull();
  });

  it('is said in French, numbers and dates too', async () => {
    await locale.set('fr');
    ipc.libraryEvening.mockResolvedValue([played('a', 'Carte de minuit')]);
    render(Evening, { since: SINCE });
    await screen.findAllByTestId('evening-game');
    expect(screen.getByTestId('evening-count').textContent).toBe('1 partie jouée');
    expect(screen.getByTestId('evening-span').textContent).toMatch(/^Du 1 déc\. 2026, \d\d:00 au /);
  });

  it('tells a refused time as the backend refuses it', async () => {
    ipc.libraryEvening.mockRejectedValue(new IpcError('evening_time', 'bad'));
    render(Evening, { since: 'nonsense' });
    expect(await screen.findByText('That time cannot be read: choose a date and time.')).toBeTruthy();
  });

  it('is clean for axe, closing or not', async () => {
    ipc.libraryEvening.mockResolvedValue([played('a', 'Midnight map'), played('b', 'The pyramid')]);
    const { container } = render(Evening, { since: null, closing: true });
    await screen.findAllByTestId('evening-game');
    expect(await violations(container)).toEqual([]);
  });
});

describe('the evening’s picture', () => {
  it('draws each card’s heading, its lines and its charts, in SVG only', () => {
    const root = document.createElement('div');
    root.innerHTML = `
      <article data-told-game="risk"><h3>Midnight map</h3><p>Red won & kept <b>24</b> territories.</p>
        <button>Not drawn</button><dl><dt>Turns</dt><dd>12</dd></dl></article>
      <article data-told-game="nation"><h3>The pyramid</h3><p>Ezio took the Grand Master.</p>
        <table class="twin"><caption>Money tonight</caption><tr><th>Arno</th><td>$2,000</td></tr></table></article>`;
    document.body.append(root);
    const { container } = render(LineChart, {
      id: 'c',
      label: 'Territories',
      axis: { name: 'Turn', points: [1, 2] },
      series: [{ id: 'r', label: 'Red', colour: '#a00', values: [10, 24] }],
    });
    root.querySelector('article')!.append(container.querySelector('figure')!);
    const picture = pictureSvg(root, { title: 'Bagless', span: 'From 6 PM to 11 PM' }, 800);
    const doc = new DOMParser().parseFromString(picture.svg, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    const texts = [...doc.querySelectorAll(':scope > text')].map((t) => t.textContent);
    expect(texts).toEqual([
      'Bagless',
      'From 6 PM to 11 PM',
      'Midnight map',
      'Red won & kept 24 territories.',
      'Turns',
      '12',
      'The pyramid',
      'Ezio took the Grand Master.',
      'Money tonight',
      'Arno',
      '$2,000',
    ]);
    // A table's row in columns: its second cell further right, on the same line.
    const [arno, cash] = [...doc.querySelectorAll(':scope > text')].slice(-2);
    expect(arno.getAttribute('y')).toBe(cash.getAttribute('y'));
    expect(Number(cash.getAttribute('x'))).toBeGreaterThan(Number(arno.getAttribute('x')));
    expect(picture.svg).not.toContain('foreignObject');
    expect(picture.svg).not.toContain('Not drawn');
    // The chart's own drawing, its path in its colour, and not its table.
    const chart = doc.querySelector(':scope > svg');
    expect(chart?.querySelector('path[data-series="r"]')?.getAttribute('stroke')).toBe('#a00');
    expect(picture.svg).not.toContain('<table');
    // The chart's twin is not drawn (its chart is).
    expect(texts).not.toContain('Territories');
    expect(picture.width).toBe(800);
    expect(picture.height).toBeGreaterThan(300);
    root.remove();
  });
});

describe('the year', () => {
  it('draws nothing for a box without its year, and says nothing is recorded', async () => {
    ipc.libraryYear.mockResolvedValue([{ game: 'chess', told: {} }] satisfies YearTold[]);
    const { container } = render(Year);
    expect(await screen.findByTestId('year-nothing')).toBeTruthy();
    expect(screen.queryAllByTestId('year-kind')).toEqual([]);
    expect(await violations(container)).toEqual([]);
  });

  it('goes back where it was opened from', async () => {
    ipc.libraryYear.mockResolvedValue([]);
    router.toScreen('nation', 'n1', 'nation');
    router.toYear();
    render(Year);
    await screen.findByTestId('year-nothing');
    await fireEvent.click(screen.getByTestId('year-back'));
    expect(router.route).toMatchObject({ name: 'game', kind: 'nation', gameId: 'n1' });
  });
});
