import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Violation } from '$lib/ipc';
import { screen, view } from './fixtures';

const ipc = vi.hoisted(() => ({
  nationOpen: vi.fn(),
  nationAct: vi.fn(),
  nationUndo: vi.fn(),
  nationRedo: vi.fn(),
  nationRename: vi.fn(),
}));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));
vi.mock('$games/nation/ipc', async (original) => ({ ...(await original<typeof import('$games/nation/ipc')>()), ...ipc }));

const { IpcError } = await import('$lib/ipc');
const { NationGameStore, valueAsked, wordParams } = await import('./game.svelte');

const refusal = (code: string, params: Record<string, string>): Violation =>
  ({ game: 'nation', code, params, message: `English ${code}`, section: 'TIME OF DEATH' }) as Violation;
const refused = (...violations: Violation[]) => new IpcError('rules', 'refused', violations);

beforeEach(() => {
  for (const f of Object.values(ipc)) f.mockReset();
});

describe('a refusal in the players’ words', () => {
  it('names seats, phases, money and the values asked for', () => {
    const names = ['Ann', 'Bo', 'Cy'];
    expect(wordParams(refusal('not_next', { player: '0', next: '2' }), names).params).toEqual({ player: 'Ann', next: 'Cy' });
    expect(wordParams(refusal('tie_roll_needed', { players: '1,2' }), names).params.players).toBe('Bo, Cy');
    expect(wordParams(refusal('wrong_phase', { phase: 'reveal' }), names).params.phase).toBe('Reveal Phase');
    expect(wordParams(refusal('not_enough_cash', { cash: '1000', cost: '3000' }), names).params).toEqual({
      cash: '$1,000',
      cost: '$3,000',
    });
    expect(wordParams(refusal('time_invalid', { time: '815' }), names).params.time).toBe('0815');
    expect(wordParams(refusal('first_player_unknown', { player: '4' }), names).params.player).toBe('player 5');
    expect(wordParams(refusal('value_range', { key: 'target.2.msr', min: '-5', max: '5' }), names).params.key).toBe(
      'the MSR adjustment printed on target 2',
    );
  });

  it('finds the value a refusal asks for', () => {
    const error = refused(refusal('value_needed', { key: 'weapon.rope.msr', what: 'weapon_msr', weapon: 'rope', min: '2', max: '4', input: 'number' }));
    expect(valueAsked(error)).toMatchObject({ key: 'weapon.rope.msr', input: 'number', min: 2, max: 4 });
    expect(valueAsked(refused(refusal('target_needed', {})))).toBeNull();
    expect(valueAsked(new Error('x'))).toBeNull();
  });
});

describe('the game’s store', () => {
  it('opens the game and runs commands, keeping the screen answered', async () => {
    ipc.nationOpen.mockResolvedValue(screen());
    ipc.nationAct.mockResolvedValue(screen(view({ phase: 'assassination' })));
    const store = new NationGameStore(() => 'g1');
    expect(await store.load()).toBe(true);
    expect(store.view?.phase).toBe('intel');
    expect(await store.act({ type: 'end_intel' }, () => 'done')).toBe(true);
    expect(ipc.nationAct).toHaveBeenCalledWith('g1', { type: 'end_intel' });
    expect(store.view?.phase).toBe('assassination');
    expect(store.notice).toBe('done');
    expect(store.lastDone).toEqual({ type: 'end_intel' });
  });

  it('keeps a refusal with its seats named', async () => {
    ipc.nationOpen.mockResolvedValue(screen());
    ipc.nationAct.mockRejectedValue(refused(refusal('attempt_unknown', { player: '1' })));
    const store = new NationGameStore(() => 'g1');
    await store.load();
    expect(await store.act({ type: 'withdraw_attempt', player: 1 })).toBe(false);
    expect((store.error as InstanceType<typeof IpcError>).violations[0].params.player).toBe('Bo');
  });

  it('asks for a value, saves it, then runs the refused command again', async () => {
    ipc.nationOpen.mockResolvedValue(screen(view({ phase: 'assassination' })));
    const declare = {
      type: 'declare_attempt' as const,
      player: 0,
      target: 3,
      weapon: 'pistol',
      doubled: false,
      modifiers: [],
      contract: null,
      time: 900,
    };
    ipc.nationAct
      .mockRejectedValueOnce(refused(refusal('value_needed', { key: 'target.3.msr', what: 'target_msr', target: '3', input: 'number' })))
      .mockResolvedValueOnce(screen(view({ phase: 'assassination' })))
      .mockResolvedValueOnce(screen(view({ phase: 'assassination' })))
      .mockResolvedValueOnce(screen(view({ phase: 'assassination' })));
    const store = new NationGameStore(() => 'g1');
    await store.load();
    expect(await store.act(declare)).toBe(false);
    expect(store.error).toBeNull();
    expect(store.asked?.key).toBe('target.3.msr');
    expect(await store.answer([['target.3.name', 'Judge'], ['target.3.msr', 0]])).toBe(true);
    expect(ipc.nationAct.mock.calls.map((c) => c[1])).toEqual([
      declare,
      { type: 'set_box_value', key: 'target.3.name', value: 'Judge' },
      { type: 'set_box_value', key: 'target.3.msr', value: 0 },
      declare,
    ]);
    expect(store.asked).toBeNull();
    expect(store.lastDone).toEqual(declare);
  });

  it('keeps the question open when the value given is refused', async () => {
    ipc.nationOpen.mockResolvedValue(screen());
    ipc.nationAct
      .mockRejectedValueOnce(refused(refusal('value_needed', { key: 'weapon.knife.time', what: 'weapon_time', weapon: 'knife', input: 'time' })))
      .mockRejectedValueOnce(refused(refusal('value_range', { key: 'weapon.knife.time', min: '0', max: '2359' })));
    const store = new NationGameStore(() => 'g1');
    await store.load();
    await store.act({ type: 'end_intel' });
    expect(await store.answer([['weapon.knife.time', 2500]])).toBe(false);
    expect(store.asked?.key).toBe('weapon.knife.time');
    expect(store.retry).toEqual({ type: 'end_intel' });
    expect(store.error).toBeInstanceOf(IpcError);
  });

  it('undoes, redoes and renames, and takes the shortcuts', async () => {
    ipc.nationOpen.mockResolvedValue(screen());
    ipc.nationUndo.mockResolvedValue(screen());
    ipc.nationRedo.mockResolvedValue(screen());
    ipc.nationRename.mockResolvedValue(screen(view(), 'Renamed'));
    const store = new NationGameStore(() => 'g1');
    await store.load();
    expect(await store.undo()).toBe(true);
    expect(store.notice).toBe('The last change was taken back.');
    expect(await store.redo()).toBe(true);
    expect(await store.rename('Renamed')).toBe(true);
    expect(store.screen?.name).toBe('Renamed');
    const undo = vi.fn();
    const event = new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, cancelable: true });
    expect(store.shortcut(event, { undo })).toBe(true);
    expect(undo).toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(true);
    expect(store.shortcut(new KeyboardEvent('keydown', { key: 'y', ctrlKey: true }), { undo })).toBe(false);
  });
});

describe('one change at a time (GameStore)', () => {
  it('sends nothing while a change is on its way, and greys nothing for a quick one', async () => {
    ipc.nationOpen.mockResolvedValue(screen(view()));
    const store = new NationGameStore(() => 'g1');
    await store.load();
    let answer!: (s: ReturnType<typeof screen>) => void;
    ipc.nationAct.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const first = store.act({ type: 'end_intel' });
    expect(store.busy).toBe(true);
    expect(store.slow).toBe(false);
    expect(await store.act({ type: 'end_intel' })).toBe(false);
    expect(await store.undo()).toBe(false);
    expect(ipc.nationAct).toHaveBeenCalledTimes(1);
    expect(ipc.nationUndo).not.toHaveBeenCalled();
    answer(screen(view()));
    expect(await first).toBe(true);
    expect(store.busy).toBe(false);
  });
});
