/**
 * A campaign told back: the story's charts and their table twins hold the
 * same numbers, an attempt chosen (a click, Enter) opens its entry in the
 * history, numbers and days in the window's language; the evening's card
 * and the year; axe on each (colour contrast left to the e2e run).
 */
import { fireEvent, render, screen } from '@testing-library/svelte';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locale } from '$lib/i18n/index.svelte';
import { router } from '$lib/router.svelte';
import { evening, story, told, year } from './fixtures';

const ipc = vi.hoisted(() => ({ gameStory: vi.fn() }));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));

const Story = (await import('./Story.svelte')).default;
const Evening = (await import('./Evening.svelte')).default;
const Year = (await import('./Year.svelte')).default;

async function violations(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const values = (testid: string, attribute: string): string[] =>
  screen.getAllByTestId(testid).map((e) => e.getAttribute(attribute) ?? '');

beforeEach(() => {
  ipc.gameStory.mockReset();
  ipc.gameStory.mockResolvedValue(told(story()));
});

afterEach(async () => {
  await locale.set('en');
  router.toLibrary();
});

describe('the story', () => {
  it('draws the XP the view gives, the same numbers in its table twin, with the level marks', async () => {
    render(Story, { campaignId: 'c1' });
    await screen.findByTestId('story-xp-table');
    expect(ipc.gameStory).toHaveBeenCalledWith('c1');
    const chart = document.getElementById('story-xp') as HTMLElement;
    const marks = [...chart.querySelectorAll('[data-testid="chart-mark"]')].map((m) => m.getAttribute('aria-label') ?? '');
    const rows = screen.getAllByTestId('story-xp-row');
    expect(values('story-xp-row', 'data-xp')).toEqual(['12', '12', '17', '1251']);
    expect(marks).toHaveLength(rows.length);
    rows.forEach((row, i) => {
      const total = row.querySelectorAll('td')[4].textContent ?? '';
      expect(marks[i].endsWith(`, ${total}`)).toBe(true);
    });
    expect(marks[3]).toContain('level 1 reached');
    expect(values('story-xp-row', 'data-seq')).toEqual(['4', '9', '12', '15']);
    expect(rows[2].textContent).toContain('0.2, replay');
    expect(rows[2].textContent).toContain('synchronized');
    expect(rows[2].textContent).toContain('100% sync (red)');
    expect(rows[3].textContent).toContain('1,234');
    expect(rows[3].textContent).toContain('Nov 23, 2026');
    expect(screen.getByTestId('story-summary').textContent).toContain('1,251 XP, level 1, 4 attempts recorded');
    expect(screen.getByTestId('story-marks').textContent).toContain('Level 1 reached after memory 0.3');
  });

  it('puts each memory’s attempts on one line, its stickers beside them', async () => {
    render(Story, { campaignId: 'c1' });
    const lines = await screen.findAllByTestId('story-memory');
    expect(lines.map((l) => l.getAttribute('data-attempts'))).toEqual(['1', '2', '1']);
    const second = lines[1].querySelectorAll('[data-testid="story-memory-attempt"]');
    expect([...second].map((b) => b.textContent?.trim())).toEqual(['✗', '≈●']);
    expect(lines[2].textContent).toContain('Sequence complete');
  });

  it('follows each assassin and the HQ attempt by attempt, the table holding the chart’s figures', async () => {
    render(Story, { campaignId: 'c1' });
    await screen.findByTestId('story-assassins-table');
    const chart = document.getElementById('story-health') as HTMLElement;
    expect(chart.querySelector('path[data-series="bastiano"]')).not.toBeNull();
    const cells = [...document.querySelectorAll('td[data-assassin="bastiano"]')].map((c) => c.getAttribute('data-health'));
    expect(cells).toEqual(['', '', '3', '1']);
    // Bastiano's elimination is marked on his line, at the health the table holds.
    const marks = [...chart.querySelectorAll('[data-testid="chart-mark"]')].map((m) => m.getAttribute('aria-label') ?? '');
    expect(marks).toEqual([expect.stringMatching(/^eliminated: Bastiano, .*, 1$/)]);
    const rows = screen.getAllByTestId('story-assassins-row');
    expect(rows[0].textContent).toContain('not yet in the campaign');
    expect(rows[3].textContent).toContain('eliminated');
    expect(rows[2].textContent).toContain('Sword');
    expect(values('story-hq-row', 'data-level')).toEqual(['0', '0', '1', '2']);
    expect(screen.getByTestId('story-hq-steps').textContent).toContain('After attempt 3: 3 ★, contract fulfilled');
    expect(screen.getByTestId('story-editions').textContent).toContain('from edition 2 to 3');
  });

  it('opens an attempt’s entry in the history, from the table and from the chart’s marks (buttons: Tab, Enter)', async () => {
    render(Story, { campaignId: 'c1' });
    const rows = await screen.findAllByTestId('story-xp-row');
    await fireEvent.click(rows[1].querySelector('button') as HTMLElement);
    expect(router.route).toMatchObject({ name: 'game', kind: 'bov', screen: 'history', gameId: 'c1', params: { seq: '9' } });
    const marks = (document.getElementById('story-xp') as HTMLElement).querySelectorAll('[data-testid="chart-mark"]');
    expect(marks).toHaveLength(4);
    expect(marks[3].tagName).toBe('BUTTON');
    expect(marks[3].getAttribute('aria-label')).toMatch(/^attempt 4: 0.3 · success · level 1 reached: /);
    await fireEvent.click(marks[3]);
    expect(router.route).toMatchObject({ screen: 'history', params: { seq: '15' } });
    await fireEvent.click(screen.getByTestId('story-to-diary'));
    expect(router.route).toMatchObject({ screen: 'diary', gameId: 'c1' });
  });

  it('says so when nothing was played yet', async () => {
    ipc.gameStory.mockResolvedValue(told({ ...story(), points: [], memories: [], assassins: [], hq: [], xp: 0, level: 0 }));
    const { container } = render(Story, { campaignId: 'c1' });
    await screen.findByTestId('story-empty');
    expect(document.getElementById('story-xp')).toBeNull();
    expect(await violations(container)).toEqual([]);
  });

  it('writes numbers and days in French', async () => {
    await locale.set('fr');
    render(Story, { campaignId: 'c1' });
    const rows = await screen.findAllByTestId('story-xp-row');
    expect(rows[3].textContent).toContain('1\u202f234');
    expect(rows[3].textContent).toContain('23 nov. 2026');
    expect(rows[2].textContent).toContain('synchronisée');
    expect(screen.getByTestId('story-summary').textContent).toContain('1\u202f251\u00a0XP, niveau 1, 4 tentatives notées');
  });

  it('is clean for axe', async () => {
    const { container } = render(Story, { campaignId: 'c1' });
    await screen.findByTestId('story-xp-table');
    expect(await violations(container)).toEqual([]);
  });
});

describe('the evening and the year', () => {
  it('tells the evening the view counted', async () => {
    const { container } = render(Evening, { told: told(evening(), { since: '2026-11-23T18:00:00Z' }) });
    expect(screen.getByTestId('bov-evening-xp').textContent).toContain('+1,239 XP (12 → 1,251)');
    expect(screen.getByTestId('bov-evening-xp').textContent).toContain('7 entries recorded');
    expect(screen.getByTestId('bov-evening-levels').textContent).toContain('Level reached: 1');
    const attempts = screen.getByTestId('bov-evening-attempts').querySelectorAll('li');
    expect([...attempts].map((a) => a.getAttribute('data-memory'))).toEqual(['0.2', '0.3']);
    expect(screen.getByTestId('bov-evening-gained').textContent).toContain('Sword (Alessandra)');
    expect(screen.queryByTestId('bov-evening-lost')).toBeNull();
    expect(await violations(container)).toEqual([]);
  });

  it('adds up the year, and says how an evening is counted', async () => {
    const { container } = render(Year, { told: year() });
    expect(screen.getByTestId('bov-year-evenings').textContent).toContain('3 evenings, 21.5 h played');
    const rows = screen.getByTestId('bov-year-memories').querySelectorAll('tbody tr');
    expect(rows[1].textContent).toContain('33%');
    expect(screen.getByTestId('bov-year-how').textContent).toContain('less than 4 hours apart');
    expect(await violations(container)).toEqual([]);
    await locale.set('fr');
    expect(screen.getByTestId('bov-year-evenings').textContent).toContain('3 soirées, 21,5\u00a0h de jeu');
    expect(rows[1].textContent).toContain('33\u00a0%');
  });
});
