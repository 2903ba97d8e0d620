import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardView, DiaryView, HqView, MemoryRow } from '$lib/ipc';

const ipc = vi.hoisted(() => ({
  openDiary: vi.fn(),
  openBoard: vi.fn(),
  openHq: vi.fn(),
  undo: vi.fn(),
  renameCampaign: vi.fn(),
  declineOptional: vi.fn(),
}));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));
vi.mock('$games/bov/ipc', async (original) => ({ ...(await original<typeof import('$games/bov/ipc')>()), ...ipc }));

const Diary = (await import('./Diary.svelte')).default;

const memory = (id: string, more: Partial<MemoryRow> = {}): MemoryRow => ({
  id,
  status: 'not_played',
  is_next: false,
  offered_after: null,
  has_sync: false,
  sync: null,
  stickers: [],
  xp_credited: 0,
  attempts: [],
  ...more,
});

/** What a first attempt counts, as the diary view gives it. */
const firstAttempt: Pick<NonNullable<DiaryView['next']>, 'on_success' | 'on_failure'> = {
  on_success: { synchronized: false, xp: ['mandatory', 'optional', 'boss', 'other'], sync: true, stickers: true },
  on_failure: { synchronized: false, xp: [], sync: false, stickers: false },
};

const diary: DiaryView = {
  campaign_id: 'c1',
  name: 'Venice nights',
  pack_id: 'core',
  pack_name: 'Core',
  assassins: [{ id: 'alessandra', name: 'Alessandra', skills: [] }],
  sequences: [
    { id: 's1', label: 'Sequence 1', label_fr: null, optional: false, memories: [memory('1.1', { is_next: true }), memory('1.2')] },
    { id: 'ma', label: 'Optional', label_fr: null, optional: true, memories: [memory('M.A', { offered_after: '1.3' })] },
  ],
  track: { total: 20, correction: 0, max: 100, level: 1, marks: [] },
  next: { memory: '1.1', attempt: 1, optional: false, declinable: false, max_notes_chars: 4000, played_on_days_ahead: 1, ...firstAttempt },
  hq_stickers: [],
  complete: false,
  assumptions: ['optional_memory_places', 'hq_die', 'workshop_cost'],
  pending_skills: [],
  hq_due: null,
  memory_in_play: null,
};

const hq = (more: Partial<HqView>) => ({ can_unlock: false, missing: false, phase: null, ...more }) as HqView;

beforeEach(() => {
  ipc.openDiary.mockResolvedValue(diary);
  ipc.openBoard.mockResolvedValue({ pending_skills: [] } as unknown as BoardView);
});

describe('Diary', () => {
  it('asks first to set up an HQ the campaign went without', async () => {
    ipc.openDiary.mockResolvedValue({ ...diary, hq_due: 'missing' });
    render(Diary, { campaignId: 'c1' });
    const banner = await screen.findByTestId('hq-due');
    expect(banner.dataset.step).toBe('missing');
    expect(banner.textContent).toContain('FIRST ASSIGNMENT');
    expect(screen.getByTestId('hq-due-open')).toBeTruthy();
  });

  it('asks to unlock the HQ when nothing was recorded without it', async () => {
    ipc.openDiary.mockResolvedValue({ ...diary, hq_due: 'unlock' });
    render(Diary, { campaignId: 'c1' });
    expect((await screen.findByTestId('hq-due')).dataset.step).toBe('unlock');
    // The diary says it all in one answer: no second question for the HQ.
    expect(ipc.openHq).not.toHaveBeenCalled();
    expect(ipc.openBoard).not.toHaveBeenCalled();
  });

  it('states what the box assumes where the rules are silent, and marks the optional memory', async () => {
    ipc.openHq.mockResolvedValue(hq({}));
    render(Diary, { campaignId: 'c1' });
    const card = await screen.findByTestId('assumptions');
    expect(card.textContent).toContain('Where the rules are silent');
    expect(screen.getByTestId('assumption-hq_die').textContent).toContain('0, 0, 1, 1, 1 and 2');
    expect(screen.getByTestId('assumption-workshop_cost')).toBeTruthy();
    const marker = screen.getByTestId('assumed-after-M.A');
    expect(marker.textContent).toBe('(assumed)');
    // A space between the place and the marker, for its text read out.
    expect(marker.parentElement!.textContent).toMatch(/ \(assumed\)$/);
    expect(marker.getAttribute('title')).toContain('M.A after 1.3');
  });
});

describe('Diary parts', () => {
  beforeEach(() => {
    ipc.openHq.mockResolvedValue(hq({}));
  });

  it('renames the campaign in place', async () => {
    ipc.renameCampaign.mockResolvedValue({ ...diary, name: 'Florence days' });
    render(Diary, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('rename'));
    const input = screen.getByTestId('rename-input') as HTMLInputElement;
    expect(input.value).toBe('Venice nights');
    await fireEvent.input(input, { target: { value: 'Florence days' } });
    await fireEvent.click(screen.getByTestId('rename-save'));
    expect(ipc.renameCampaign).toHaveBeenCalledWith('c1', 'Florence days');
    expect((await screen.findByTestId('diary-name')).textContent).toBe('Florence days');
    expect(screen.queryByTestId('rename-input')).toBeNull();
  });

  it('undoes after a confirmation, and says so', async () => {
    ipc.undo.mockResolvedValue(diary);
    render(Diary, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('undo-last'));
    expect(ipc.undo).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByTestId('confirm-undo'));
    expect(ipc.undo).toHaveBeenCalledWith('c1', 'diary');
    expect((await screen.findByTestId('notice')).textContent).toBe('The last entry was taken back.');
    expect(screen.getByTestId('undo-last')).toBeTruthy();
  });

  it('declines an optional memory after a confirmation', async () => {
    const optional = { ...diary, next: { memory: 'M.A', attempt: 1, optional: true, declinable: true, max_notes_chars: 4000, played_on_days_ahead: 1, ...firstAttempt } };
    ipc.openDiary.mockResolvedValue(optional);
    ipc.declineOptional.mockResolvedValue(diary);
    render(Diary, { campaignId: 'c1' });
    expect((await screen.findByTestId('next-memory')).dataset.memory).toBe('M.A');
    await fireEvent.click(screen.getByTestId('decline-optional'));
    await fireEvent.click(screen.getByTestId('confirm-decline'));
    expect(ipc.declineOptional).toHaveBeenCalledWith('c1', 'M.A');
    await vi.waitFor(() => expect(screen.getByTestId('next-memory').dataset.memory).toBe('1.1'));
  });

  it('offers Decline when the view says the rules accept it, a second attempt too, not while the group is out', async () => {
    const again = { ...diary, next: { memory: 'M.A', attempt: 2, optional: true, declinable: true, max_notes_chars: 4000, played_on_days_ahead: 1, ...firstAttempt } };
    ipc.openDiary.mockResolvedValue(again);
    const { unmount } = render(Diary, { campaignId: 'c1' });
    expect((await screen.findByTestId('next-memory')).dataset.memory).toBe('M.A');
    expect(screen.getByTestId('decline-optional')).toBeTruthy();
    unmount();
    const out = { ...diary, next: { memory: 'M.A', attempt: 1, optional: true, declinable: false, max_notes_chars: 4000, played_on_days_ahead: 1, ...firstAttempt } };
    ipc.openDiary.mockResolvedValue(out);
    render(Diary, { campaignId: 'c1' });
    expect((await screen.findByTestId('next-memory')).dataset.memory).toBe('M.A');
    expect(screen.queryByTestId('decline-optional')).toBeNull();
  });

  it('draws the memory table in turns after the top, and shows it once whole', async () => {
    const sequences = Array.from({ length: 9 }, (_, i) => ({
      id: `s${i}`,
      label: `Sequence ${i}`,
      label_fr: null,
      optional: false,
      memories: [memory(`${i}.1`, { is_next: i === 0 })],
    }));
    ipc.openDiary.mockResolvedValue({ ...diary, sequences, next: { memory: '0.1', attempt: 1, optional: false, declinable: false, max_notes_chars: 4000, played_on_days_ahead: 1, ...firstAttempt } });
    render(Diary, { campaignId: 'c1' });
    await screen.findByTestId('next-memory');
    // Each turn draws a share more of the sequences; until the last, the
    // table is in the page but not shown.
    const seen: { drawn: number; hidden: boolean }[] = [];
    await vi.waitFor(() => {
      const table = screen.queryByTestId('diary-sequences');
      if (table) seen.push({ drawn: table.querySelectorAll('.sequence').length, hidden: table.classList.contains('drawing') });
      expect(table?.classList.contains('drawing')).toBe(false);
    });
    expect(screen.getByTestId('diary-sequences').querySelectorAll('.sequence')).toHaveLength(9);
    expect(seen.filter((s) => s.drawn < 9).every((s) => s.hidden)).toBe(true);
    await vi.waitFor(() => expect(screen.getByTestId('assumptions')).toBeTruthy());
  });

  it('shows a memory chosen in the table, and closes it again', async () => {
    render(Diary, { campaignId: 'c1' });
    const cell = await screen.findByTestId('memory-1.2');
    await fireEvent.click(cell);
    expect(cell.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('memory-details').textContent).toContain('1.2');
    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId('memory-details')).toBeNull();
  });
});
