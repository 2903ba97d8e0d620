/**
 * axe-core on the told-back screens of Assassin Nation (the story, over and
 * running; the evening's card; the year), in English and French, in jsdom
 * (colour contrast is left to the e2e run in the real window).
 */
import { render, screen as dom } from '@testing-library/svelte';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locale } from '$lib/i18n/index.svelte';
import { evening, story, told, yearTold } from './fixtures';

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

beforeEach(() => {
  ipc.gameStory.mockReset();
});
afterEach(() => locale.set('en', false));

describe.each(['en', 'fr'] as const)('the told-back screens pass axe (%s)', (language) => {
  it.each([
    ['over', story()],
    ['running', story({ phase: 'intel', end_count: null, winner: null })],
  ])('the story, %s', async (_name, view) => {
    locale.set(language, false);
    ipc.gameStory.mockResolvedValue(told(view));
    const { container } = render(Story, { gameId: 'n1' });
    await dom.findByTestId('nation-story-name');
    expect(await violations(container)).toEqual([]);
  });

  it('the evening’s card and the year', async () => {
    locale.set(language, false);
    const { container } = render(Evening, { told: told(evening()) });
    const year = render(Year, { told: yearTold() });
    expect(await violations(container)).toEqual([]);
    expect(await violations(year.container)).toEqual([]);
  });
});
