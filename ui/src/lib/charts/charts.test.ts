/**
 * The charts drawn from their data: the twin table holds exactly the
 * chart's numbers, every series has its path, marks are buttons reached by
 * Tab that call `onpick`, thousands of points are thinned to the width,
 * numbers follow the locale, and axe finds nothing.
 */
import { fireEvent, render, screen } from '@testing-library/svelte';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { locale } from '$lib/i18n/index.svelte';
import { BarChart, LineChart, TableTwin, thin, type Axis, type Mark, type Series } from './index';

const axis: Axis = { name: 'Memory', points: [1, 2, 3, 4] };
const series: Series[] = [
  { id: 'ezio', label: 'Ezio', colour: '#8c2f23', values: [0, 1250, 1250, 3000.5], step: true },
  { id: 'maria', label: 'Maria', colour: '#1f5f8b', values: [null, 200, 700, 900], dash: '4 3' },
];
const marks: Mark[] = [
  { series: 'ezio', index: 1, label: 'Level II', data: { memory: 2 } },
  { series: 'maria', index: 3, label: 'Level III' },
];

async function violations(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The table's body as text cells, row by row. */
function cells(table: HTMLTableElement): string[][] {
  return [...table.tBodies[0].rows].map((row) => [...row.cells].map((c) => c.textContent?.trim() ?? ''));
}

afterEach(async () => {
  await locale.set('en');
});

describe('LineChart', () => {
  it('holds in its twin exactly the numbers it draws', () => {
    const { container } = render(LineChart, { id: 'xp', label: 'XP by memory', axis, series, marks });
    const table = container.querySelector('table') as HTMLTableElement;
    expect(table.caption?.textContent).toBe('XP by memory');
    expect([...table.tHead!.rows[0].cells].map((c) => c.textContent)).toEqual(['Memory', 'Ezio', 'Maria', 'What happened']);
    expect(cells(table)).toEqual([
      ['1', '0', '', ''],
      ['2', '1,250', '200', 'Level II (Ezio)'],
      ['3', '1,250', '700', ''],
      ['4', '3,000.5', '900', 'Level III (Maria)'],
    ]);
    // Each series' column read back as numbers is its data.
    for (const [k, s] of series.entries()) {
      const column = cells(table).map((row) => row[k + 1]);
      expect(column.map((c) => (c === '' ? null : Number(c.replace(/,/g, ''))))).toEqual(s.values);
    }
  });

  it('draws a path through every point of every series, and points its image to the twin', () => {
    const { container } = render(LineChart, { id: 'xp', label: 'XP by memory', axis, series, marks });
    const svg = container.querySelector('svg[role="img"]') as SVGElement;
    expect(svg.getAttribute('aria-label')).toContain('XP by memory');
    expect(svg.getAttribute('aria-details')).toBe('xp-table');
    expect(container.querySelector('#xp-table')?.tagName).toBe('TABLE');
    const paths = [...container.querySelectorAll('path[data-series]')];
    expect(paths.map((p) => p.getAttribute('data-series'))).toEqual(['ezio', 'maria']);
    expect(paths.map((p) => p.getAttribute('stroke'))).toEqual(['#8c2f23', '#1f5f8b']);
    // Ezio: 4 points, drawn as steps (a vertex per point and per rise);
    // Maria's line starts where her values start (the gap is not drawn).
    const ezio = paths[0].getAttribute('d') as string;
    const maria = paths[1].getAttribute('d') as string;
    expect(ezio.startsWith('M')).toBe(true);
    expect(ezio.match(/[ML]/g)?.length).toBe(7);
    expect(maria.match(/M/g)?.length).toBe(1);
    expect(maria.match(/L/g)?.length).toBe(2);
  });

  it('makes each mark a button reached by Tab, named, calling onpick', async () => {
    const onpick = vi.fn();
    render(LineChart, { id: 'xp', label: 'XP by memory', axis, series, marks, onpick });
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Level II: Ezio, Memory 2, 1,250',
      'Level III: Maria, Memory 4, 900',
    ]);
    for (const b of buttons) expect(b.tabIndex).toBe(0);
    buttons[0].focus();
    expect(document.activeElement).toBe(buttons[0]);
    await fireEvent.click(buttons[0]);
    expect(onpick).toHaveBeenCalledWith(marks[0]);
    await fireEvent.click(buttons[1]);
    expect(onpick).toHaveBeenLastCalledWith(marks[1]);
  });

  it('writes numbers in French in French', async () => {
    await locale.set('fr');
    const { container } = render(LineChart, { id: 'xp', label: 'XP', axis, series });
    const table = container.querySelector('table') as HTMLTableElement;
    expect(cells(table)[3][1].replace(/\s/g, ' ')).toBe('3 000,5');
    expect(container.querySelector('svg')?.getAttribute('aria-label')).toContain('graphique');
  });

  it('thins twenty thousand points to the width, keeping the peaks, and its twin holds what is drawn', () => {
    const n = 20_000;
    const values = Array.from({ length: n }, (_, i) => Math.round(50 + 40 * Math.sin(i / 300)));
    values[12_345] = 1000; // one spike
    const big: Axis = { name: 'Turn', points: values.map((_, i) => i + 1) };
    const { container } = render(LineChart, {
      id: 'long',
      label: 'Long',
      axis: big,
      series: [{ id: 'a', label: 'A', colour: 'red', values }],
      marks: [{ series: 'a', index: 7, label: 'Seventh' }],
      width: 160,
    });
    const path = container.querySelector('path[data-series="a"]') as SVGPathElement;
    const kept = Number(path.getAttribute('data-points'));
    const plotWidth = 160 - 48 - 16;
    expect(kept).toBeLessThanOrEqual(4 * (plotWidth + 1));
    expect(kept).toBeGreaterThan(plotWidth);
    // The twin: the points drawn (and the marked one), each with its value, and says how many of all.
    const table = container.querySelector('table') as HTMLTableElement;
    const rows = cells(table);
    expect(rows.length).toBe(kept + 1);
    for (const [turn, value] of rows) expect(Number(value.replace(/,/g, ''))).toBe(values[Number(turn.replace(/,/g, '')) - 1]);
    expect(rows.some(([turn, value]) => turn === '12,346' && value === '1,000')).toBe(true);
    expect(rows.some(([turn, , told]) => turn === '8' && told === 'Seventh (A)')).toBe(true);
    expect(table.caption?.textContent).toBe(`Long (${rows.length} of 20,000 points: every high and low kept)`);
    // The spike is kept by thin itself.
    expect(thin(values, (i) => (i / n) * 576, 576)).toContain(12_345);
  });

  it('is clean for axe', async () => {
    const { container } = render(LineChart, { id: 'xp', label: 'XP by memory', axis, series, marks, onpick: () => {} });
    expect(await violations(container)).toEqual([]);
  });
});

describe('thin', () => {
  it('keeps a short series whole, and a long one in order with its first and last', () => {
    expect(thin([1, 2, 3], (i) => i, 10)).toEqual([0, 1, 2]);
    const values = Array.from({ length: 1000 }, (_, i) => (i % 7 === 0 ? null : i % 13));
    const kept = thin(values, (i) => i / 10, 100);
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(999);
    expect([...kept].sort((a, b) => a - b)).toEqual(kept);
    expect(new Set(kept).size).toBe(kept.length);
    // Every pixel column keeps its lowest and highest value.
    for (let c = 0; c <= 100; c++) {
      const inColumn = values.map((_, i) => i).filter((i) => Math.round(i / 10) === c && values[i] !== null);
      const keptIn = kept.filter((i) => inColumn.includes(i));
      if (inColumn.length === 0) continue;
      const all = inColumn.map((i) => values[i] as number);
      const shown = keptIn.map((i) => values[i] as number);
      expect([Math.min(...shown), Math.max(...shown)]).toEqual([Math.min(...all), Math.max(...all)]);
    }
  });
});

describe('BarChart', () => {
  const players: Axis = { name: 'Player', points: ['Ezio', 'Maria', 'Claudia'] };
  const wins: Series[] = [
    { id: 'wins', label: 'Wins', colour: '#3f6b2a', values: [3, 0, 12] },
    { id: 'games', label: 'Games', colour: '#9a7328', values: [5, 4, null] },
  ];

  it('draws one bar per value, and its twin holds the same numbers', () => {
    const { container } = render(BarChart, { id: 'wins', label: 'Wins by player', axis: players, series: wins });
    const rects = [...container.querySelectorAll('rect[data-series]')];
    expect(rects.map((r) => `${r.getAttribute('data-series')}=${r.getAttribute('data-value')}`)).toEqual([
      'wins=3',
      'games=5',
      'wins=0',
      'games=4',
      'wins=12',
    ]);
    const table = container.querySelector('table') as HTMLTableElement;
    expect(cells(table)).toEqual([
      ['Ezio', '3', '5'],
      ['Maria', '0', '4'],
      ['Claudia', '12', ''],
    ]);
    // The longest bar is the largest value.
    const widths = rects.map((r) => Number(r.getAttribute('width')));
    expect(Math.max(...widths)).toBe(widths[4]);
  });

  it('is clean for axe', async () => {
    const { container } = render(BarChart, { id: 'wins', label: 'Wins by player', axis: players, series: wins });
    expect(await violations(container)).toEqual([]);
  });
});

describe('TableTwin', () => {
  it('writes axis points with the caller’s format', () => {
    const { container } = render(TableTwin, {
      id: 't',
      caption: 'Dates',
      axis: { name: 'Day', points: ['2026-12-01', '2026-12-02'], format: (p) => `day ${p}` },
      series: [{ id: 's', label: 'S', colour: 'red', values: [1, 2] }],
    });
    expect(cells(container.querySelector('table') as HTMLTableElement)).toEqual([
      ['day 2026-12-01', '1'],
      ['day 2026-12-02', '2'],
    ]);
  });
});

describe('the axes', () => {
  it('label whole figures with whole numbers, and never two axis labels on top of each other', () => {
    const points = Array.from({ length: 26 }, (_, i) => i + 1);
    const { container } = render(LineChart, {
      id: 'flat',
      label: 'Flat',
      axis: { name: 'Attempt', points },
      series: [{ id: 'xp', label: 'XP', colour: '#8c2f23', values: points.map(() => 0) }],
    });
    const labels = [...container.querySelectorAll('svg > g[fill] > text')];
    const yLabels = labels.filter((l) => l.getAttribute('text-anchor') === 'end').map((l) => l.textContent);
    expect(yLabels).toEqual(['0', '1']);
    const xs = labels.filter((l) => l.getAttribute('text-anchor') === 'middle').map((l) => Number(l.getAttribute('x')));
    expect(labels.filter((l) => l.getAttribute('text-anchor') === 'middle').at(-1)?.textContent).toBe('26');
    const gaps = xs.slice(1).map((x, i) => x - xs[i]);
    expect(Math.min(...gaps)).toBeGreaterThan(40);
  });
});
