import { fireEvent, render, screen } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiaryView, HqView, MiniatureView, RuleViolation } from '$lib/ipc';
import { t } from '$lib/i18n/index.svelte';

const ipc = vi.hoisted(() => ({
  openHq: vi.fn(),
  openDiary: vi.fn(),
  hqAct: vi.fn(),
  undo: vi.fn(),
  redo: vi.fn(),
}));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));
vi.mock('$games/bov/ipc', async (original) => ({ ...(await original<typeof import('$games/bov/ipc')>()), ...ipc }));

const { IpcError } = await import('$lib/ipc');
const Hq = (await import('./Hq.svelte')).default;

const mini = (id: string, more: Partial<MiniatureView> = {}): MiniatureView => ({
  id,
  kind: 'assassin',
  name: id,
  number: 0,
  spot: null,
  eliminated: false,
  injured: false,
  // As hq_view.rs offers them at the assignment step (ASSIGNMENTS): an
  // assassin in the memory group or on a red hospital space, the others in
  // the group or a building.
  offered:
    (more.kind ?? 'assassin') === 'assassin'
      ? [null, 'memory', 'hospital_red']
      : [null, 'memory', 'hospital_white', 'workshop', 'shop', 'command_room'],
  ...more,
});

const base: HqView = {
  assumptions: ['hq_die', 'workshop_cost'],
  campaign_id: 'c1',
  name: 'Venice nights',
  opens_after: '1.1',
  can_unlock: false,
  missing: false,
  ally: 'mercenaries',
  phase: 'assignment',
  first_assignment: true,
  level: 1,
  contract: 1,
  second_attempt: false,
  next_memory: '1.2',
  miniatures: [mini('Dariâ'), mini('ally-1', { kind: 'ally', number: 1, spot: 'shop' })],
  // As hq_view.rs lists them.
  spots: [
    { spot: 'memory', capacity: null, count: 0 },
    { spot: 'hospital_red', capacity: 4, count: 0 },
    { spot: 'hospital_white', capacity: 4, count: 0 },
    { spot: 'workshop', capacity: 4, count: 0 },
    { spot: 'shop', capacity: 4, count: 1 },
    { spot: 'command_room', capacity: 6, count: 0 },
  ],
  patients: [],
  blueprint: null,
  payable: [],
  equipment_deck: [],
  values: {},
  dice: null,
  level_max: 4,
  contract_box_max: 99,
  die_max: 2,
  shop_keeps: null,
  free_inventory: [],
  contract_stars: null,
  contract_colour: null,
  contract_box: null,
  suggested: {},
  resolved: null,
};

const resolution: HqView = {
  ...base,
  phase: 'resolution',
  patients: [{ assassin: 'dariâ', name: 'Dariâ', health: 1, max_health: 3, eliminated: false }],
  dice: 2,
  contract_stars: 3,
};

const valueNeeded = (key: string, parts: Record<string, string>): RuleViolation => ({
  game: 'bov',
  code: 'value_needed',
  message: `The number ${key} is needed.`,
  params: { key, ...parts },
  section: 'HEADQUARTERS',
});

beforeEach(() => {
  for (const f of Object.values(ipc)) f.mockReset();
  ipc.openHq.mockResolvedValue(base);
  ipc.openDiary.mockResolvedValue({ assumptions: ['hq_die'] } as unknown as DiaryView);
});

describe('the HQ screen', () => {
  it('at the first assignment, says to reveal and read contract 1, not to play it (FIRST ASSIGNMENT 3)', async () => {
    ipc.openHq.mockResolvedValue({ ...base, contract_colour: 'read' });
    render(Hq, { campaignId: 'c1' });
    const chain = await screen.findByTestId('contract-chain');
    expect(chain.dataset.colour).toBe('read');
    expect(chain.textContent).toContain(t('hq.chain_read', { number: 1 }));
    expect(chain.textContent).not.toContain(t('hq.chain_grey', { number: 1 }));
    expect(screen.queryByTestId('contract-box')).toBeNull();
  });

  it('from 1.2 on, the assignment plays the grey boxes', async () => {
    ipc.openHq.mockResolvedValue({ ...base, contract_colour: 'grey' });
    render(Hq, { campaignId: 'c1' });
    const chain = await screen.findByTestId('contract-chain');
    expect(chain.textContent).toContain(t('hq.chain_grey', { number: 1 }));
    expect(screen.getByTestId('contract-box')).toBeTruthy();
  });

  it('shows the assignment: the pool, the buildings and how full they are', async () => {
    render(Hq, { campaignId: 'c1' });
    const pool = await screen.findByTestId('spot-pool');
    expect(pool.dataset.count).toBe('1');
    expect(screen.getByTestId('spot-shop').textContent).toContain('1/4');
    expect(screen.getByTestId('mini-ally-1').textContent).toContain('Mercenary 1');
  });

  it('places a miniature by keyboard through the backend', async () => {
    ipc.hqAct.mockResolvedValue(base);
    render(Hq, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('mini-Dariâ'));
    await fireEvent.click(screen.getByTestId('spot-memory-put'));
    expect(ipc.hqAct).toHaveBeenCalledWith('c1', { type: 'assign_miniature', miniature: 'Dariâ', spot: 'memory' });
  });

  it('offers “Put here” only where the view says the rules take the miniature held (ASSIGNMENTS)', async () => {
    // Issue 55 (F1): an assassin works in no building; the shop is full for
    // the apprentice; the mercenary may go back to the pool.
    ipc.openHq.mockResolvedValue({
      ...base,
      miniatures: [
        mini('Dariâ'),
        mini('apprentice-1', { kind: 'apprentice', number: 1, offered: [null, 'memory', 'workshop'] }),
        mini('ally-1', { kind: 'ally', number: 1, spot: 'shop', offered: [null, 'shop', 'command_room'] }),
      ],
    });
    render(Hq, { campaignId: 'c1' });
    const puts = () => screen.queryAllByTestId(/^spot-.*-put$/).map((b) => b.dataset.testid);
    await fireEvent.click(await screen.findByTestId('mini-Dariâ'));
    expect(puts()).toEqual(['spot-memory-put', 'spot-hospital_red-put']);
    await fireEvent.click(screen.getByTestId('mini-apprentice-1'));
    expect(puts()).toEqual(['spot-memory-put', 'spot-workshop-put']);
    await fireEvent.click(screen.getByTestId('mini-ally-1'));
    expect(puts()).toEqual(['spot-pool-put', 'spot-command_room-put']);
  });

  it('asks for the numbers a step needs, saves them, then runs the step again', async () => {
    ipc.hqAct
      .mockRejectedValueOnce(new IpcError('rules', 'needed', [valueNeeded('contract.1.stars', { what: 'contract_stars', contract: '1' })]))
      .mockResolvedValue({ ...base, phase: 'memory' });
    render(Hq, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('confirm-assignment'));
    const field = (await screen.findByTestId('value-contract.1.stars')) as HTMLInputElement;
    expect(screen.queryByTestId('error')).toBeNull();
    // Worded from the refusal's parts, not from the id.
    expect(screen.getByTestId('hq-values').textContent).toContain(t('hq.value.contract_stars', { number: '1' }));
    await fireEvent.input(field, { target: { value: '3' } });
    await fireEvent.submit(screen.getByTestId('hq-values'));
    expect(ipc.hqAct).toHaveBeenNthCalledWith(2, 'c1', { type: 'set_hq_value', key: 'contract.1.stars', value: 3 });
    await vi.waitFor(() => expect(ipc.hqAct).toHaveBeenNthCalledWith(3, 'c1', { type: 'confirm_assignment' }));
    expect(await screen.findByTestId('hq-memory')).toBeTruthy();
    expect(screen.queryByTestId('hq-values')).toBeNull();
  });

  it('resolves with the numbers typed, and sums up what the step did', async () => {
    ipc.openHq.mockResolvedValue(resolution);
    // The answer says what the rules counted.
    ipc.hqAct.mockResolvedValue({ ...base, phase: 'memory', contract: 2, level: 2, resolved: { stars: 3, fulfilled: true } });
    render(Hq, { campaignId: 'c1' });
    await fireEvent.input(await screen.findByTestId('heal-dariâ'), { target: { value: '3' } });
    await fireEvent.input(screen.getByTestId('die-0'), { target: { value: '2' } });
    await fireEvent.input(screen.getByTestId('die-1'), { target: { value: '1' } });
    expect(screen.getByTestId('assumed-hq_die')).toBeTruthy();
    await fireEvent.click(screen.getByTestId('resolve'));
    expect(ipc.hqAct).toHaveBeenCalledWith('c1', {
      type: 'resolve_hq',
      heal: [{ assassin: 'dariâ', health: 3 }],
      build: false,
      paid: [],
      kept: [],
      dice: { dice: 'entered', stars: [2, 1] },
    });
    const summary = await screen.findByTestId('hq-summary');
    expect(summary.dataset.fulfilled).toBe('true');
    expect(summary.textContent).toContain('Dariâ');
    expect(summary.textContent).toContain(t('hq.stars', { stars: 3 }));
  });

  it('takes its limits from the view: the ★ one die counts for, the cards the shop keeps, the most a card prints', async () => {
    const card = (id: string) => ({
      id,
      name: id,
      kind: 'black_equipment' as const,
      fits: null,
      health_bonus: 0,
      removal_mark: false,
      added: true,
    });
    ipc.openHq.mockResolvedValue({ ...resolution, die_max: 1, shop_keeps: 1, equipment_deck: [card('Smoke'), card('Darts')] });
    render(Hq, { campaignId: 'c1' });
    expect(((await screen.findByTestId('die-0')) as HTMLInputElement).max).toBe('1');
    expect(screen.getByTestId('shop-keeps').textContent).toContain('1');
    const smoke = screen.getByTestId('keep-Smoke') as HTMLInputElement;
    const darts = screen.getByTestId('keep-Darts') as HTMLInputElement;
    expect(darts.disabled).toBe(false);
    await fireEvent.click(smoke);
    expect(darts.disabled).toBe(true);
    expect(smoke.disabled).toBe(false);
  });

  /** The resolution with Smoke and Darts in the shop, both kept; Dariâ's free inventory slots are `slots`. */
  async function shopOfTwo(slots: number[]): Promise<void> {
    const card = (id: string) => ({
      id,
      name: id,
      kind: 'black_equipment' as const,
      fits: null,
      health_bonus: 0,
      removal_mark: false,
      added: true,
    });
    ipc.openHq.mockResolvedValue({
      ...resolution,
      dice: 0,
      shop_keeps: 2,
      equipment_deck: [card('Smoke'), card('Darts')],
      free_inventory: [{ assassin: 'dariâ', name: 'Dariâ', slots }],
    });
    ipc.hqAct.mockResolvedValue({ ...base, phase: 'assignment' });
    render(Hq, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('keep-Smoke'));
    await fireEvent.click(screen.getByTestId('keep-Darts'));
  }

  it('puts a card kept from the shop on an assassin’s board or in the main hall, as the players say', async () => {
    await shopOfTwo([1, 3]);
    await fireEvent.change(screen.getByTestId('keep-to-Darts'), { target: { value: 'dariâ' } });
    await fireEvent.click(screen.getByTestId('resolve'));
    expect(ipc.hqAct).toHaveBeenCalledWith(
      'c1',
      expect.objectContaining({
        kept: [
          { card: 'Smoke', to: { place: 'main_hall' } },
          { card: 'Darts', to: { place: 'inventory', assassin: 'dariâ', index: 1 } },
        ],
      }),
    );
  });

  it('sends a card kept for an assassin whose slots are taken to that assassin, for the rules to refuse', async () => {
    await shopOfTwo([3]);
    await fireEvent.change(screen.getByTestId('keep-to-Smoke'), { target: { value: 'dariâ' } });
    await fireEvent.change(screen.getByTestId('keep-to-Darts'), { target: { value: 'dariâ' } });
    await fireEvent.click(screen.getByTestId('resolve'));
    // Not the main hall without a word: both go where the players said (EQUIP: one slot holds one card).
    expect(ipc.hqAct).toHaveBeenCalledWith(
      'c1',
      expect.objectContaining({
        kept: [
          { card: 'Smoke', to: { place: 'inventory', assassin: 'dariâ', index: 3 } },
          { card: 'Darts', to: { place: 'inventory', assassin: 'dariâ', index: 3 } },
        ],
      }),
    );
  });

  it('asks a number no higher than the card can print', async () => {
    ipc.hqAct.mockRejectedValueOnce(
      new IpcError('rules', 'needed', [valueNeeded('contract.1.level', { what: 'contract_level', contract: '1', max: '4' })]),
    );
    render(Hq, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('confirm-assignment'));
    expect(((await screen.findByTestId('value-contract.1.level')) as HTMLInputElement).max).toBe('4');
  });

  it('undoes the last step with Ctrl+Z and shows the HQ the undo answers', async () => {
    ipc.undo.mockResolvedValue(resolution);
    render(Hq, { campaignId: 'c1' });
    await screen.findByTestId('spot-pool');
    await fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(ipc.undo).toHaveBeenCalledWith('c1', 'hq');
    expect(await screen.findByTestId('hq-resolution')).toBeTruthy();
    // One question at the start, one answer to the undo: nothing else asked.
    expect(ipc.openHq).toHaveBeenCalledTimes(1);
    expect(ipc.openDiary).not.toHaveBeenCalled();
  });

  it('shows a refusal of undo', async () => {
    ipc.undo.mockRejectedValue(new IpcError('nothing_to_undo', 'There is nothing to undo.'));
    render(Hq, { campaignId: 'c1' });
    await fireEvent.click(await screen.findByTestId('hq-undo'));
    expect((await screen.findByTestId('error')).textContent).toContain('nothing to undo');
  });
});
