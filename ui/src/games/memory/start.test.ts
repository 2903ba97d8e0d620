/** The diary's next memory, played in Bagless: its set-up, or resuming the one in play. */
import { fireEvent, render, screen as dom, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from './fixtures';

const ipc = vi.hoisted(() => ({ memoryStart: vi.fn() }));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));
vi.mock('$games/memory/ipc', async (original) => ({ ...(await original<typeof import('$games/memory/ipc')>()), ...ipc }));

const { router } = await import('$lib/router.svelte');
const NextMemory = (await import('$games/bov/diary/NextMemory.svelte')).default;

const assassins = [
  { id: 'alessandra', name: 'Alessandra', skills: [] },
  { id: 'bastiano', name: 'Bastiano', skills: [] },
  { id: 'claudio', name: 'Claudio', skills: [] },
];
const props = {
  next: {
    memory: '0.3',
    attempt: 1,
    optional: false,
    declinable: false,
    max_notes_chars: 4000, played_on_days_ahead: 1,
    on_success: { synchronized: false, xp: ['mandatory' as const], sync: true, stickers: true },
    on_failure: { synchronized: false, xp: [], sync: false, stickers: false },
  },
  campaignId: 'c1',
  assassins,
  onrecord: () => {},
  ondecline: () => {},
};

beforeEach(() => {
  for (const f of Object.values(ipc)) f.mockReset();
});

describe('playing the next memory', () => {
  it('sets it up: assassins, entrances on the map, easy mode; then opens it', async () => {
    ipc.memoryStart.mockResolvedValue(screen(undefined, { id: 'g9' }));
    render(NextMemory, props);
    await fireEvent.click(await dom.findByTestId('memory-play'));
    expect((dom.getByTestId('memory-setup-assassin-claudio') as HTMLInputElement).checked).toBe(true);
    await fireEvent.click(dom.getByTestId('memory-setup-assassin-bastiano'));
    await fireEvent.click(dom.getByTestId('memory-setup-entrance-c'));
    await fireEvent.click(dom.getByTestId('memory-setup-entrance-a'));
    await fireEvent.click(dom.getByTestId('memory-setup-easy'));
    await fireEvent.click(dom.getByTestId('memory-setup-start'));
    await waitFor(() => expect(router.route).toMatchObject({ name: 'game', kind: 'memory', screen: 'memory', gameId: 'g9' }));
    expect(ipc.memoryStart).toHaveBeenCalledWith('c1', {
      type: 'start_memory',
      campaign_id: 'c1',
      memory: '0.3',
      assassins: ['alessandra', 'claudio'],
      box_values: {},
      entrances: ['a', 'c'],
      easy: true,
    });
  });

  it('resumes the memory in play, as the diary tells it', async () => {
    render(NextMemory, { ...props, inPlay: 'g7' });
    const resume = await dom.findByTestId('memory-resume');
    expect(resume.textContent).toContain('Resume memory 0.3');
    expect(dom.queryByTestId('memory-play')).toBeNull();
    await fireEvent.click(resume);
    expect(router.route).toMatchObject({ name: 'game', kind: 'memory', screen: 'memory', gameId: 'g7' });
  });
});
