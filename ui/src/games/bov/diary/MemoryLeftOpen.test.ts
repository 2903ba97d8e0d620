import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locale } from '$lib/i18n/index.svelte';
import type { DiaryView } from '$lib/ipc';

const ipc = vi.hoisted(() => ({
  openDiary: vi.fn(),
  openBoard: vi.fn(),
  openHq: vi.fn(),
  declineOptional: vi.fn(),
  renameCampaign: vi.fn(),
}));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));
vi.mock('$games/bov/ipc', async (original) => ({ ...(await original<typeof import('$games/bov/ipc')>()), ...ipc }));

const Diary = (await import('../screens/Diary.svelte')).default;
const MemoryLeftOpen = (await import('./MemoryLeftOpen.svelte')).default;

const NBSP = '\u00a0';

const none = { synchronized: false, xp: [], sync: false, stickers: false };

const diary: DiaryView = {
  campaign_id: 'c1',
  name: 'Venice nights',
  pack_id: 'core',
  pack_name: 'Core',
  assassins: [],
  sequences: [],
  track: { total: 20, correction: 0, max: 100, level: 1, marks: [] },
  next: { memory: 'M.A', attempt: 1, optional: true, declinable: true, max_notes_chars: 4000, played_on_days_ahead: 1, on_success: none, on_failure: none },
  hq_stickers: [],
  complete: false,
  assumptions: [],
  pending_skills: [],
  hq_due: null,
  memory_in_play: null,
};

beforeEach(() => {
  ipc.openDiary.mockResolvedValue(diary);
  ipc.openBoard.mockResolvedValue({ pending_skills: [] });
});

afterEach(() => locale.set('en', false));

describe('a memory whose game could not be put in the bin', () => {
  it('is said on the diary answered, the entry written all the same, and only on that answer', async () => {
    const declined = { ...diary, next: null, memory_left_open: 'M.A' };
    ipc.declineOptional.mockResolvedValue(declined);
    ipc.renameCampaign.mockResolvedValue({ ...diary, next: null, name: 'Florence days' });
    render(Diary, { campaignId: 'c1' });
    await screen.findByTestId('next-memory');
    expect(screen.queryByTestId('memory-left-open')).toBeNull();

    await fireEvent.click(screen.getByTestId('decline-optional'));
    await fireEvent.click(screen.getByTestId('confirm-decline'));
    const said = await screen.findByTestId('memory-left-open');
    expect(said.dataset.memory).toBe('M.A');
    expect(said.getAttribute('role')).toBe('status');
    expect(said.textContent?.trim()).toBe(
      'The diary entry is written, but the game of memory M.A played in Bagless could not be put in the bin. ' +
        'If the diary offers to resume it, that is the game of this entry: do not record it a second time.',
    );

    // The next answer has nothing to say of it.
    await fireEvent.click(screen.getByTestId('rename'));
    await fireEvent.click(screen.getByTestId('rename-save'));
    await vi.waitFor(() => expect(screen.getByTestId('diary-name').textContent).toBe('Florence days'));
    expect(screen.queryByTestId('memory-left-open')).toBeNull();
  });

  it('says nothing when every game was binned', () => {
    render(MemoryLeftOpen, { memory: undefined });
    expect(screen.queryByTestId('memory-left-open')).toBeNull();
  });

  it('in French too', async () => {
    await locale.set('fr', false);
    render(MemoryLeftOpen, { memory: '0.2' });
    expect(screen.getByTestId('memory-left-open').textContent?.trim()).toBe(
      'L’entrée du journal est écrite, mais la partie du souvenir 0.2 jouée dans Bagless n’a pas pu être mise à la corbeille. ' +
        `Si le journal propose de la reprendre, c’est la partie de cette entrée${NBSP}: ne l’enregistrez pas une seconde fois.`,
    );
  });
});
