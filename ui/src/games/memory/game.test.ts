import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Violation } from '$lib/ipc';
import { screen, view } from './fixtures';

const ipc = vi.hoisted(() => ({
  memoryOpen: vi.fn(),
  memoryAct: vi.fn(),
  memoryUndo: vi.fn(),
  memoryRedo: vi.fn(),
  openDiary: vi.fn(),
}));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));
vi.mock('$games/memory/ipc', async (original) => ({ ...(await original<typeof import('$games/memory/ipc')>()), ...ipc }));
vi.mock('$games/bov/ipc', async (original) => ({ ...(await original<typeof import('$games/bov/ipc')>()), ...ipc }));

const { IpcError } = await import('$lib/ipc');
const { MemoryGameStore, valueAsked, wordParams } = await import('./game.svelte');

const refusal = (code: string, params: Record<string, string> = {}): Violation =>
  ({ game: 'memory', code, params, section: 'SETUP', message: 'English' }) as Violation;

beforeEach(() => {
  for (const f of Object.values(ipc)) f.mockReset();
  ipc.openDiary.mockResolvedValue({ assassins: [{ id: 'alessandra', name: 'Alessandra', skills: [] }] });
});

describe('the memory store', () => {
  it('opens the memory and names its assassins from the diary', async () => {
    ipc.memoryOpen.mockResolvedValue(screen());
    const store = new MemoryGameStore(() => 'g1');
    expect(await store.load()).toBe(true);
    expect(ipc.openDiary).toHaveBeenCalledWith('c1');
    expect(store.name('alessandra')).toBe('Alessandra');
    expect(store.name('bastiano')).toBe('bastiano');
  });

  it('asks for a value a command needs, then runs the command again', async () => {
    ipc.memoryOpen.mockResolvedValue(screen());
    const store = new MemoryGameStore(() => 'g1');
    await store.load();
    ipc.memoryAct.mockRejectedValueOnce(
      new IpcError('rule', 'needs', [refusal('value_needed', { key: 'weapon.pistol.alerts', what: 'weapon_alerts', weapon: 'pistol' })]),
    );
    expect(await store.act({ type: 'attack', attackers: [], enemies: ['elite'] })).toBe(false);
    expect(store.asked).toMatchObject({ key: 'weapon.pistol.alerts', kind: 'flag' });
    expect(store.error).toBeNull();
    ipc.memoryAct.mockResolvedValue(screen());
    expect(await store.answer([['weapon.pistol.alerts', 1]])).toBe(true);
    expect(ipc.memoryAct.mock.calls.map((c) => c[1].type)).toEqual(['attack', 'set_box_value', 'attack']);
    expect(ipc.memoryAct.mock.calls[1][1]).toEqual({ type: 'set_box_value', key: 'weapon.pistol.alerts', value: 1 });
    expect(store.asked).toBeNull();
  });

  it('keeps another refusal as the error, its params in the players’ words', async () => {
    ipc.memoryOpen.mockResolvedValue(screen());
    const store = new MemoryGameStore(() => 'g1');
    await store.load();
    ipc.memoryAct.mockRejectedValueOnce(new IpcError('rule', 'no', [refusal('no_cube', { assassin: 'alessandra' })]));
    expect(await store.act({ type: 'spend_cubes', assassin: 'alessandra', count: 1 })).toBe(false);
    const error = store.error as InstanceType<typeof IpcError>;
    expect(error.violations[0].params.assassin).toBe('Alessandra');
  });

  it('undoes and redoes with a notice', async () => {
    ipc.memoryOpen.mockResolvedValue(screen());
    ipc.memoryUndo.mockResolvedValue(screen(view({ turn: 2 })));
    const store = new MemoryGameStore(() => 'g1');
    await store.load();
    expect(await store.undo()).toBe(true);
    expect(store.view?.turn).toBe(2);
    expect(store.notice).toBe('The last change was taken back.');
  });
});

describe('refusal params in words', () => {
  it('names steps, conditions, entrances, columns and keys', () => {
    const names = { daria: 'Dariâ' };
    expect(wordParams(refusal('wrong_step', { step: 'reinforcement' }), names).params.step).toBe('Reinforcement');
    expect(wordParams(refusal('assassin_cannot_act', { assassin: 'daria', condition: 'critical' }), names).params).toEqual({
      assassin: 'Dariâ',
      condition: 'Critical condition',
    });
    expect(wordParams(refusal('entrance_not_on_map', { entrance: 'd' }), names).params.entrance).toBe('D');
    expect(wordParams(refusal('success_not_met', { assassins: 'daria, bo' }), names).params.assassins).toBe('Dariâ, bo');
    expect(wordParams(refusal('id_empty', { what: 'weapon' }), names).params.what).toBe('the weapon');
    const needed = wordParams(
      refusal('value_needed', { key: 'reinforcement.3.5.alert.b', what: 'reinforcement', players: '3', card: '5', column: 'alert', entrance: 'b' }),
      names,
    );
    expect(needed.params.what).toBe('reinforcement card 5 for 3 assassins, alert column, entrance B');
  });

  it('reads the value asked from a value_needed refusal only', () => {
    expect(valueAsked(new IpcError('rule', 'x', [refusal('value_needed', { key: 'die.black.hit', min: '0', max: '6' })]))).toMatchObject({
      kind: 'number',
      min: 0,
      max: 6,
    });
    expect(valueAsked(new IpcError('rule', 'x', [refusal('no_cube', { assassin: 'a' })]))).toBeNull();
    expect(valueAsked(new Error('x'))).toBeNull();
  });
});
