import { fireEvent, render, screen as dom, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemoryView } from '$lib/ipc';
import { assassin, drawn, screen, view } from './fixtures';

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
const { locale } = await import('$lib/i18n/index.svelte');
const { router } = await import('$lib/router.svelte');
const { memoryDraft } = await import('./draft.svelte');
const { withArrivedAnswer } = await import('$lib/ipc/first-testing');
const MemoryGame = (await import('./MemoryGame.svelte')).default;

const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement | null;

async function open(v: MemoryView): Promise<void> {
  ipc.memoryOpen.mockResolvedValue(screen(v));
  render(MemoryGame, { gameId: 'g1' });
  await dom.findByTestId('memory-track');
}

const commands = () => ipc.memoryAct.mock.calls.map((c) => c[1]);

beforeEach(() => {
  for (const f of Object.values(ipc)) f.mockReset();
  ipc.openDiary.mockResolvedValue({
    assassins: [
      { id: 'alessandra', name: 'Alessandra', skills: [] },
      { id: 'bastiano', name: 'Bastiano', skills: [] },
      { id: 'claudio', name: 'Claudio', skills: [] },
    ],
  });
});

describe('the memory screen', () => {
  it('draws the turn’s track with the current step, its reminders, and advances', async () => {
    await open(view());
    const track = dom.getByTestId('memory-track');
    expect(track.dataset).toMatchObject({ turn: '1', step: 'assassin', waiting: 'advance' });
    const steps = dom.getAllByTestId('memory-track-step');
    expect(steps.map((s) => s.dataset.step)).toEqual(['event', 'assassin', 'reinforcement', 'movement', 'combat', 'end_of_turn']);
    expect(steps[0].dataset.done).toBe('true');
    expect(steps[1].dataset.current).toBe('true');
    expect(dom.getAllByTestId('memory-reminder').map((r) => r.textContent)).toEqual([
      'Assassins spend their cubes on actions, in any order.',
      'Each assassin may save 1 cube on the + slot (from memory 0.3 onward).',
    ]);
    ipc.memoryAct.mockResolvedValue(screen(view({ step: 'reinforcement', waiting: { type: 'draw_card' } })));
    await fireEvent.click(dom.getByTestId('memory-advance'));
    await waitFor(() => expect(byTestId('memory-track')?.dataset.step).toBe('reinforcement'));
    expect(commands()).toEqual([{ type: 'advance' }]);
    expect((dom.getByTestId('memory-advance') as HTMLButtonElement).disabled).toBe(true);
  });

  it('marks what Bagless assumes where the rules are silent, in the players’ words', async () => {
    await open(view());
    const list = byTestId('memory-assumptions');
    expect(list).not.toBeNull();
    expect(byTestId('memory-assumption-memory_critical_eliminated_when')?.textContent).toContain('end of turn phase');
    expect(byTestId('memory-assumption-memory_body_detection')?.textContent).toContain('exposes no one');
  });

  it('shows each assassin’s cubes by name, spends and saves', async () => {
    await open(view());
    await waitFor(() => expect(dom.getAllByTestId('memory-assassin')[0].textContent).toContain('Alessandra'));
    const board = dom.getAllByTestId('memory-assassin')[0];
    expect(board.dataset).toMatchObject({ assassin: 'alessandra', cubes: '3', saved: 'false', canSave: 'true' });
    ipc.memoryAct.mockResolvedValue(screen(view()));
    await fireEvent.input(dom.getByTestId('memory-spend-count-alessandra'), { target: { value: '2' } });
    await fireEvent.click(dom.getByTestId('memory-spend-alessandra'));
    await fireEvent.click(dom.getByTestId('memory-save-alessandra'));
    await waitFor(() => expect(commands()).toHaveLength(2));
    expect(commands()).toEqual([
      { type: 'spend_cubes', assassin: 'alessandra', count: 2 },
      { type: 'save_cube', assassin: 'alessandra' },
    ]);
    expect((dom.getByTestId('memory-save-bastiano') as HTMLButtonElement).disabled).toBe(true);
  });

  it('flips the alert state token and says what sets it off', async () => {
    await open(view());
    expect(dom.getByTestId('memory-alert').dataset.alert).toBe('false');
    expect(dom.getByTestId('memory-alert-triggers').textContent).toContain('Only a specific card stops the alert state.');
    ipc.memoryAct.mockResolvedValue(screen(view({ alert: true })));
    await fireEvent.click(dom.getByTestId('memory-alert-toggle'));
    await waitFor(() => expect(byTestId('memory-alert')?.dataset.alert).toBe('true'));
    expect(commands()).toEqual([{ type: 'set_alert', on: true }]);
    expect(dom.getByTestId('memory-alert-toggle').getAttribute('aria-checked')).toBe('true');
  });

  it('draws a reinforcement card: by Bagless or the one drawn at the table', async () => {
    await open(view({ step: 'reinforcement', waiting: { type: 'draw_card' }, deck: { assassins: 3, pile: 6, drawn: null, discard: [2, 7], reshuffles: 0, reshuffle_next: false, drawable: [1, 3, 4, 5, 6, 8] } }));
    expect(dom.getByTestId('memory-deck').dataset).toMatchObject({ pile: '6', discard: '2', drawn: '' });
    const options = [...(dom.getByTestId('memory-draw-card') as HTMLSelectElement).options].map((o) => o.value);
    expect(options).toEqual(['', '1', '3', '4', '5', '6', '8']);
    ipc.memoryAct.mockResolvedValue(screen(drawn()));
    await fireEvent.click(dom.getByTestId('memory-draw'));
    await dom.findByTestId('memory-card');
    expect(commands()[0]).toEqual({ type: 'draw_reinforcement', card: null });
  });

  it('offers the cards the view says the next draw may bring, the pile exhausted too', async () => {
    const deck = { assassins: 2, pile: 0, drawn: null, discard: [6, 2, 8], reshuffles: 1, reshuffle_next: true, drawable: [2, 6, 8] };
    await open(view({ step: 'reinforcement', waiting: { type: 'draw_card' }, deck }));
    const options = [...(dom.getByTestId('memory-draw-card') as HTMLSelectElement).options].map((o) => o.value);
    expect(options).toEqual(['', '2', '6', '8']);
    expect(dom.getByTestId('memory-deck-reshuffle-next')).toBeTruthy();
  });

  it('shows the card’s two columns, asks the lines not known, then places the guards', async () => {
    await open(drawn());
    const card = dom.getByTestId('memory-card');
    expect(card.dataset).toMatchObject({ card: '5', column: 'calm', placed: 'false' });
    const lines = dom.getAllByTestId('memory-card-line');
    expect(lines.map((l) => [l.dataset.entrance, l.dataset.onMap, l.dataset.calm])).toEqual([
      ['a', 'true', 'elite:1'],
      ['b', 'true', 'crossbowman:2'],
      ['c', 'true', ''],
      ['d', 'false', ''],
    ]);
    const form = dom.getByTestId('memory-card-values');
    expect(form.dataset).toMatchObject({ card: '5', column: 'calm' });
    await fireEvent.change(dom.getByTestId('memory-card-guard-c'), { target: { value: 'elite' } });
    await fireEvent.input(dom.getByTestId('memory-card-count-c'), { target: { value: '2' } });
    const known = drawn({
      waiting: { type: 'place_guards' },
      reinforcement: {
        ...drawn().reinforcement!,
        missing: [],
        to_place: [...drawn().reinforcement!.to_place, { entrance: 'c', guard: 'elite', count: 2 }],
      },
    });
    ipc.memoryAct.mockResolvedValue(screen(known));
    await fireEvent.click(dom.getByTestId('memory-card-values-save'));
    await dom.findByTestId('memory-place');
    expect(commands()).toEqual([{ type: 'set_box_value', key: 'reinforcement.3.5.calm.c', value: { guard: 'elite', count: 2 } }]);
    expect(dom.getAllByTestId('memory-to-place-line').map((l) => [l.dataset.entrance, l.dataset.guard, l.dataset.count])).toEqual([
      ['a', 'elite', '1'],
      ['b', 'crossbowman', '2'],
      ['c', 'elite', '2'],
    ]);
    ipc.memoryAct.mockResolvedValue(screen({ ...known, waiting: { type: 'advance' }, reinforcement: { ...known.reinforcement!, placed: true } }));
    await fireEvent.click(dom.getByTestId('memory-place'));
    await waitFor(() => expect(byTestId('memory-card')?.dataset.placed).toBe('true'));
    expect(commands()[1]).toEqual({ type: 'place_reinforcements' });
  });

  it('says what the view says once nobody is on the map: end as a success, or advance', async () => {
    await open(view({ waiting: { type: 'nobody_on_map' } }));
    const waiting = dom.getByTestId('memory-waiting');
    expect(waiting.dataset.waiting).toBe('nobody_on_map');
    expect(waiting.textContent).toContain('Nobody is left on the map');
    expect(waiting.textContent).not.toBe('When the step is played at the table, advance.');
    expect((dom.getByTestId('memory-advance') as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers “not enough miniatures” as the failure of the memory', async () => {
    await open(drawn());
    await fireEvent.click(dom.getByTestId('memory-not-enough'));
    ipc.memoryAct.mockResolvedValue(screen(view({ step: 'over', waiting: { type: 'nothing' } })));
    await fireEvent.click(dom.getByTestId('memory-not-enough-confirm'));
    await waitFor(() => expect(commands()).toEqual([{ type: 'end_memory', reason: 'not_enough_miniatures' }]));
  });

  it('works out guards entering a square, and the detection test entered', async () => {
    await open(view({ step: 'movement' }));
    await fireEvent.change(dom.getByTestId('memory-entry-entrance'), { target: { value: 'a' } });
    await fireEvent.input(dom.getByTestId('memory-entry-enemies'), { target: { value: '1' } });
    await fireEvent.input(dom.getByTestId('memory-entry-bodies'), { target: { value: '3' } });
    await fireEvent.input(dom.getByTestId('memory-entry-entering'), { target: { value: '4' } });
    const entry = {
      entrance: 'a' as const,
      enemies: 1,
      bodies: 3,
      entering: 4,
      entered: 3,
      blocked: 1,
      bodies_removed: 3,
      body_dice: 9,
      incognito: [],
      detection_dice: 0,
    };
    ipc.memoryAct.mockResolvedValue(screen(view({ step: 'movement', entry })));
    await fireEvent.click(dom.getByTestId('memory-entry-save'));
    const result = await dom.findByTestId('memory-entry');
    expect(result.dataset).toMatchObject({ entered: '3', blocked: '1', bodiesRemoved: '3', bodyDice: '9' });
    expect(commands()[0]).toEqual({ type: 'enter_square', entrance: 'a', enemies: 1, bodies: 3, entering: 4, incognito: [] });
    const test = dom.getByTestId('memory-detection-form');
    expect(test.dataset).toMatchObject({ assassin: '', dice: '9' });
    await fireEvent.input(dom.getByTestId('memory-detection-detected'), { target: { value: '1' } });
    ipc.memoryAct.mockResolvedValue(
      screen(
        view({
          step: 'movement',
          alert: true,
          entry,
          pending_tests: [],
          detection: { assassin: null, faces: [], by_bagless: false, alert_before: false, detected: true },
        }),
      ),
    );
    await fireEvent.click(dom.getByTestId('memory-detection-roll'));
    await dom.findByTestId('memory-detection');
    expect(commands()[1]).toEqual({
      type: 'detection_test',
      assassin: null,
      dice: 9,
      faces: ['detected', 'blank', 'blank', 'blank', 'blank', 'blank', 'blank', 'blank', 'blank'],
    });
    // "1 detection test": rolled, it is offered no more.
    expect(byTestId('memory-detection-form')).toBeNull();
  });

  it('tells an incognito assassin arriving on a square with enemies, then offers their detection test at once', async () => {
    // "As soon as an incognito assassin/ally moves to a square containing any enemies, perform a detection test before doing anything else."
    await open(view({ step: 'assassin' }));
    await fireEvent.change(dom.getByTestId('memory-arrival-assassin'), { target: { value: 'bastiano' } });
    await fireEvent.input(dom.getByTestId('memory-arrival-enemies'), { target: { value: '2' } });
    const entry = {
      entrance: null,
      enemies: 2,
      bodies: 0,
      entering: 0,
      entered: 0,
      blocked: 0,
      bodies_removed: 0,
      body_dice: 0,
      incognito: ['bastiano'],
      detection_dice: 2,
    };
    ipc.memoryAct.mockResolvedValue(screen(view({ step: 'assassin', entry, waiting: { type: 'detection_tests' } })));
    await fireEvent.click(dom.getByTestId('memory-arrival-save'));
    const test = await dom.findByTestId('memory-detection-form');
    expect(commands()[0]).toEqual({ type: 'enter_square', entrance: null, enemies: 2, bodies: 0, entering: 0, incognito: ['bastiano'] });
    expect(test.dataset).toMatchObject({ assassin: 'bastiano', dice: '2' });
    // The turn does not go on before the test.
    expect(dom.getByTestId('memory-waiting').textContent).toContain('detection tests due');
    expect((dom.getByTestId('memory-advance') as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers only the conditions the view says: no return for one who went to the next memory', async () => {
    const gone = assassin('bastiano', { condition: 'left_map', conditions: [], usable: 0 });
    await open(view({ assassins: [assassin('alessandra'), gone] }));
    const options = Array.from(dom.getByTestId('memory-condition-bastiano').querySelectorAll('option')).map((o) => o.value);
    expect(options).toEqual(['left_map']);
  });

  it('rolls an attack with faces entered, gives the hits, and enters the riposte', async () => {
    await open(view());
    await fireEvent.click(dom.getByTestId('memory-attacker-alessandra'));
    await fireEvent.input(dom.getByTestId('memory-weapon-alessandra'), { target: { value: 'Hidden blade' } });
    await fireEvent.input(dom.getByTestId('memory-face-alessandra-hit'), { target: { value: '1' } });
    await fireEvent.input(dom.getByTestId('memory-face-alessandra-riposte'), { target: { value: '1' } });
    await fireEvent.change(dom.getByTestId('memory-enemy-0'), { target: { value: 'elite' } });
    await fireEvent.change(dom.getByTestId('memory-enemy-1'), { target: { value: 'crossbowman' } });
    const roll = {
      assassin: 'alessandra',
      weapon: 'hidden_blade',
      faces: ['hit', 'riposte'] as ('hit' | 'riposte')[],
      by_bagless: false,
      on_target_square: true,
      paid: 'grouped' as const,
      hits: 1,
      special: false,
      riposte: true,
      exposes: false,
      alerts: false,
    };
    const enemies = [
      { enemy: 'elite', health: 2, hits: 0, eliminated: false },
      { enemy: 'crossbowman', health: 1, hits: 0, eliminated: false },
    ];
    const attack = { turn: 1, attackers: [roll], enemies, bonus_hits: 0, riposte: [], stage: 'hits' as const };
    ipc.memoryAct.mockResolvedValue(
      screen(view({ waiting: { type: 'assign_hits' }, attack: { attack, coordinated: false, total_hits: 1, suggested_hits: [0, 1], bonus_hits: false, bonus: { fewest: 0, most: 0 }, hits: { fewest: 0, most: 1 } } })),
    );
    await fireEvent.click(dom.getByTestId('memory-attack-save'));
    await dom.findByTestId('memory-assign-form');
    expect(commands()[0]).toEqual({
      type: 'attack',
      attackers: [{ assassin: 'alessandra', weapon: 'hidden_blade', faces: ['hit', 'riposte'], on_target_square: true }],
      enemies: ['elite', 'crossbowman'],
    });
    expect((dom.getByTestId('memory-hits-1') as HTMLInputElement).value).toBe('1');
    expect(byTestId('memory-bonus-hits')).toBeNull();
    const riposte = [{ assassin: 'alessandra', dice: 2, faces: [], hits: null }];
    ipc.memoryAct.mockResolvedValue(
      screen(
        view({
          waiting: { type: 'riposte' },
          attack: {
            attack: { ...attack, stage: 'riposte', riposte, enemies: [enemies[0], { ...enemies[1], hits: 1, eliminated: true }] },
            coordinated: false,
            total_hits: 1,
            suggested_hits: [],
            bonus_hits: false,
            bonus: { fewest: 0, most: 0 },
            hits: { fewest: 0, most: 1 },
          },
        }),
      ),
    );
    await fireEvent.click(dom.getByTestId('memory-assign'));
    await dom.findByTestId('memory-riposte-form');
    expect(commands()[1]).toEqual({ type: 'assign_hits', hits: [0, 1], bonus_hits: 0 });
    expect(dom.getByTestId('memory-riposte-share').dataset).toMatchObject({ assassin: 'alessandra', dice: '2' });
    await fireEvent.input(dom.getByTestId('memory-riposte-hits-0'), { target: { value: '1' } });
    ipc.memoryAct.mockResolvedValue(screen(view()));
    await fireEvent.click(dom.getByTestId('memory-riposte-save'));
    await waitFor(() => expect(commands()[2]).toEqual({ type: 'roll_riposte', hits: [1] }));
  });

  it('offers the hits a special ability adds when the view says the rules take them (an edition-2 memory, no special rolled)', async () => {
    const roll = {
      assassin: 'alessandra',
      weapon: 'hidden_blade',
      faces: ['hit'] as 'hit'[],
      by_bagless: false,
      on_target_square: true,
      paid: 'grouped' as const,
      hits: 1,
      special: false,
      riposte: false,
      exposes: false,
      alerts: false,
    };
    const enemies = [{ enemy: 'elite', health: 2, hits: 0, eliminated: false }];
    const attack = { turn: 1, attackers: [roll], enemies, bonus_hits: 0, riposte: [], stage: 'hits' as const };
    await open(view({ waiting: { type: 'assign_hits' }, attack: { attack, coordinated: false, total_hits: 1, suggested_hits: [1], bonus_hits: true, bonus: { fewest: 0, most: 10 }, hits: { fewest: 0, most: 11 } } }));
    await fireEvent.input(dom.getByTestId('memory-bonus-hits'), { target: { value: '1' } });
    await fireEvent.submit(dom.getByTestId('memory-assign-form'));
    expect(commands()[0]).toEqual({ type: 'assign_hits', hits: [1], bonus_hits: 1 });
  });

  it('asks a value once, then runs the refused command again', async () => {
    await open(view());
    ipc.memoryAct.mockRejectedValueOnce(
      new IpcError('rule', 'needs', [
        { game: 'memory', code: 'value_needed', params: { key: 'enemy.elite.health', what: 'enemy_health', enemy: 'elite' }, section: 'ENEMIES', message: 'x' },
      ]),
    );
    await fireEvent.click(dom.getByTestId('memory-attacker-bastiano'));
    await fireEvent.input(dom.getByTestId('memory-weapon-bastiano'), { target: { value: 'sword' } });
    await fireEvent.change(dom.getByTestId('memory-attack-mode-bastiano'), { target: { value: 'bagless' } });
    await fireEvent.change(dom.getByTestId('memory-enemy-0'), { target: { value: 'elite' } });
    await fireEvent.click(dom.getByTestId('memory-attack-save'));
    const form = await dom.findByTestId('memory-values');
    expect(form.dataset).toMatchObject({ key: 'enemy.elite.health', kind: 'number' });
    expect(form.textContent).toContain('health of the enemy “Elite”');
    ipc.memoryAct.mockResolvedValue(screen(view()));
    await fireEvent.input(dom.getByTestId('memory-value-input'), { target: { value: '2' } });
    await fireEvent.click(dom.getByTestId('memory-values-save'));
    await waitFor(() => expect(commands()).toHaveLength(3));
    expect(commands()[1]).toEqual({ type: 'set_box_value', key: 'enemy.elite.health', value: 2 });
    expect(commands()[2]).toMatchObject({ type: 'attack', attackers: [{ assassin: 'bastiano', weapon: 'sword', faces: null }] });
  });

  it('names the enemies and weapons the rules know in the players’ language, and sends their ids', async () => {
    locale.set('fr', false);
    try {
      await open(view());
      const options = Array.from(dom.getByTestId('memory-enemy-0').querySelectorAll('option')).map((o) => [o.value, o.textContent]);
      expect(options).toEqual([
        ['', '—'],
        ['crossbowman', 'Arbalétrier'],
        ['elite', 'Élite'],
        ['agile', 'Garde Agile'],
        ['__other', 'Un autre…'],
      ]);
      await fireEvent.click(dom.getByTestId('memory-attacker-alessandra'));
      // A weapon typed by the players' name for it is the one the rules know.
      await fireEvent.input(dom.getByTestId('memory-weapon-alessandra'), { target: { value: 'Lame secrète' } });
      await fireEvent.input(dom.getByTestId('memory-face-alessandra-hit'), { target: { value: '1' } });
      await fireEvent.change(dom.getByTestId('memory-enemy-0'), { target: { value: 'crossbowman' } });
      // "Another one" typed: the French name of a known enemy is that enemy;
      // any other name is an enemy of its own.
      await fireEvent.change(dom.getByTestId('memory-enemy-1'), { target: { value: '__other' } });
      await fireEvent.input(await dom.findByTestId('memory-enemy-1-other'), { target: { value: 'Arbalétrier' } });
      await fireEvent.change(dom.getByTestId('memory-enemy-2'), { target: { value: '__other' } });
      await fireEvent.input(await dom.findByTestId('memory-enemy-2-other'), { target: { value: 'Brute' } });
      ipc.memoryAct.mockResolvedValue(screen(view()));
      await fireEvent.click(dom.getByTestId('memory-attack-save'));
      await waitFor(() => expect(commands()).toHaveLength(1));
      expect(commands()[0]).toEqual({
        type: 'attack',
        attackers: [{ assassin: 'alessandra', weapon: 'hidden_blade', faces: ['hit'], on_target_square: true }],
        enemies: ['crossbowman', 'crossbowman', 'brute'],
      });
    } finally {
      locale.set('en', false);
    }
  });

  it('offers only the reasons the view says the rules take to end the memory', async () => {
    await open(view());
    const reasons = () => Array.from(dom.getByTestId('memory-end-reason').querySelectorAll('option')).map((o) => o.value);
    expect(reasons()).toEqual(['failure_condition', 'not_enough_miniatures']);
    const gone = [assassin('alessandra', { condition: 'left_map', usable: 0 }), assassin('bastiano', { condition: 'eliminated', usable: 0 })];
    ipc.memoryAct.mockResolvedValue(screen(view({ assassins: gone, waiting: { type: 'nobody_on_map' } })));
    await fireEvent.click(dom.getByTestId('memory-advance'));
    await waitFor(() => expect(reasons()).toEqual(['completed', 'failure_condition', 'not_enough_miniatures']));
    await fireEvent.change(dom.getByTestId('memory-end-reason'), { target: { value: 'completed' } });
    ipc.memoryAct.mockResolvedValue(screen(view({ step: 'over', waiting: { type: 'nothing' } })));
    await fireEvent.click(dom.getByTestId('memory-end-save'));
    await waitFor(() => expect(commands()[1]).toEqual({ type: 'end_memory', reason: 'completed' }));
  });

  it('offers no end while the rules take none (an attack to settle), nor “not enough miniatures”', async () => {
    const busy = drawn();
    await open({ ...busy, offers: { ...busy.offers, end_reasons: [] } });
    expect(byTestId('memory-end-form')).toBeNull();
    expect(dom.getByTestId('memory-end-none').textContent).toContain('Settle the attack');
    expect(byTestId('memory-not-enough')).toBeNull();
  });

  it('offers the red-base switch only where the rules take it', async () => {
    const laidDown = assassin('bastiano', { condition: 'critical', usable: 0 });
    await open(view({ assassins: [assassin('alessandra'), laidDown] }));
    expect(dom.getAllByTestId('memory-assassin').map((a) => a.dataset.statusSwitch)).toEqual(['true', 'false']);
    expect((dom.getByTestId('memory-exposed-alessandra') as HTMLButtonElement).disabled).toBe(false);
    expect((dom.getByTestId('memory-exposed-bastiano') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says a card keeps the column it was drawn in when the alert changed since (edition 4)', async () => {
    const card = drawn().reinforcement!;
    await open(drawn({ alert: true, reinforcement: { ...card, column_kept: true } }));
    expect(dom.getByTestId('memory-card').dataset.column).toBe('calm');
    expect(dom.getByTestId('memory-card-column-kept').textContent).toContain('the column it was drawn in');
  });

  it('says a refusal in words', async () => {
    await open(view());
    ipc.memoryAct.mockRejectedValueOnce(
      new IpcError('rule', 'no', [{ game: 'memory', code: 'no_cube', params: { assassin: 'claudio' }, section: 'ASSASSIN ACTIONS', message: 'x' }]),
    );
    await fireEvent.click(dom.getByTestId('memory-spend-claudio'));
    const error = await dom.findByTestId('error');
    expect(error.textContent).toContain('Claudio has no cube left to spend.');
  });

  it('ends the memory and hands the attempt to the diary', async () => {
    const over = view({
      step: 'over',
      waiting: { type: 'nothing' },
      assassins: [assassin('alessandra', { condition: 'eliminated' }), assassin('bastiano'), assassin('claudio')],
      attempt: {
        campaign_id: 'c1',
        memory: '0.3',
        outcome: 'failure',
        reason: 'failure_condition',
        difficulty: 'partly_easy',
        eliminated: ['alessandra'],
        critical: [],
        turns: 2,
      },
    });
    await open(over);
    const end = dom.getByTestId('memory-end');
    expect(end.dataset).toMatchObject({ over: 'true', outcome: 'failure', eliminated: 'alessandra' });
    await fireEvent.click(dom.getByTestId('memory-record'));
    expect(router.route).toMatchObject({ name: 'game', kind: 'bov', screen: 'diary', gameId: 'c1' });
    expect(memoryDraft.waits('c1', '0.3')).toBe(true);
    expect(memoryDraft.take('c1', '0.3')?.eliminated).toEqual(['alessandra']);
    expect(memoryDraft.take('c1', '0.3')).toBeNull();
  });

  it('undoes with Ctrl+Z', async () => {
    await open(view());
    ipc.memoryUndo.mockResolvedValue(screen(view()));
    await fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(ipc.memoryUndo).toHaveBeenCalledWith('g1'));
    expect(await dom.findByText('The last change was taken back.')).toBeTruthy();
  });
});

describe('the game played last, at start', () => {
  it('is drawn in the first render when its answer came before the screen', async () => {
    const answer = screen(view());
    // The screen's own opening, which takes that answer in the app.
    ipc.memoryOpen.mockResolvedValue(answer);
    await withArrivedAnswer('memory:g1', answer, () => {
      render(MemoryGame, { gameId: 'g1' });
      expect(byTestId('memory-track')).not.toBeNull();
    });
  });
});
