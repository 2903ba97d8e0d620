import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import AssassinBoard from './AssassinBoard.svelte';
import { locale } from '$lib/i18n/index.svelte';
import { lineWords } from '$games/bov/history-words';
import type { AssassinStatus, AssassinView } from '$lib/ipc';

const NBSP = '\u00a0';

const alessandra = (
  status: AssassinStatus,
  apprentice_health: number | null = null,
  health_settable = status !== 'eliminated',
): AssassinView => ({
  id: 'alessandra',
  name: 'Alessandra',
  status,
  health: status === 'eliminated' ? 0 : 2,
  max_health: 4,
  armor_bonus: 0,
  apprentice_health,
  health_settable,
  skills: [],
  equipped: [
    { slot: 'melee', card: null },
    { slot: 'ranged', card: null },
    { slot: 'armor', card: null },
  ],
  inventory: [null, null, null, null, null],
  bag: [],
});

const show = (
  status: AssassinStatus,
  apprentice_health: number | null = null,
  health_settable?: boolean,
  onhealth: (health: number) => void = () => {},
) =>
  render(AssassinBoard, {
    assassin: alessandra(status, apprentice_health, health_settable),
    cubes: 3,
    hqLevel: 1,
    ondrop: () => {},
    answerAt: () => null,
    onhealth,
    onleave: () => {},
  });

afterEach(() => locale.set('en', false));

describe('an assassin on a red hospital space', () => {
  it('is shown replaced by an apprentice for the next memory, by name', () => {
    show('in_hospital');
    const status = screen.getByTestId('status-alessandra');
    expect(status.dataset.status).toBe('in_hospital');
    expect(status.textContent?.trim()).toBe('In the hospital: an apprentice plays the next memory in Alessandra’s place');
    expect(screen.getByTestId('apprentice-alessandra').textContent).toContain('wait in their bag');
  });

  it('in French too', () => {
    locale.set('fr', false);
    show('in_hospital');
    expect(screen.getByTestId('status-alessandra').textContent?.trim()).toBe(
      `À l’hôpital${NBSP}: un apprenti joue le prochain souvenir à la place de Alessandra`,
    );
  });

  it('an injured assassin carries the status too, without the apprentice line', () => {
    show('injured');
    expect(screen.getByTestId('status-alessandra').dataset.status).toBe('injured');
    expect(screen.queryByTestId('apprentice-alessandra')).toBeNull();
  });
});

describe('an apprentice’s health (ASSASSIN APPRENTICES: “3 [health] + those of their armor”)', () => {
  it('is shown when an apprentice stands in, as the view gives it', () => {
    show('eliminated', 4);
    const line = screen.getByTestId('apprentice-health-alessandra');
    expect(line.dataset.health).toBe('4');
    expect(line.textContent?.trim()).toBe('The apprentice has 4 health: 3 and those of the armor on this board.');
    locale.set('fr', false);
    show('in_hospital', 3);
    expect(screen.getAllByTestId('apprentice-health-alessandra')[1].textContent?.trim()).toBe(
      `L’apprenti a 3 points de santé${NBSP}: 3 et ceux de l’armure de ce plateau.`,
    );
  });

  it('is not shown when no apprentice stands in', () => {
    show('injured');
    expect(screen.queryByTestId('apprentice-health-alessandra')).toBeNull();
  });
});

describe('history', () => {
  it('tells the move to edition 2 of the rules and what changed', () => {
    const step = { kind: 'edition_changed', key: 'edition_changed', params: { from: '1', to: '2' }, places: {} };
    const changes = { kind: 'edition_changed', key: 'rules_edition_2', params: {}, places: {} };
    const capped = { kind: 'health_capped', key: 'health_capped', params: { assassin: 'Alessandra', health: '3' }, places: {} };
    expect(lineWords(step)).toBe('Rules now edition 2 (edition 1 until here)');
    expect(lineWords(changes)).toMatch(/^What changed: health 3 \+ armor at every memory/);
    expect(lineWords(capped)).toBe('Alessandra’s health now 3: the most the new edition of the rules gives');
    locale.set('fr', false);
    expect(lineWords(step)).toBe('Règles désormais en édition 2 (édition 1 jusqu’ici)');
    expect(lineWords(changes)).toMatch(/^Ce qui change\u00a0: santé 3 \+ armure à chaque souvenir/);
  });

  it('tells an armor taken off that lowered the health', () => {
    const line = { kind: 'health_lowered', key: 'health_lowered', params: { assassin: 'Alessandra', health: '3' }, places: {} };
    expect(lineWords(line)).toBe('Alessandra’s health lowered to 3: the armor came off');
    locale.set('fr', false);
    expect(lineWords(line)).toBe(`Santé de Alessandra ramenée à 3${NBSP}: l’armure a été retirée`);
  });
});

describe('a skill an apprentice cannot use', () => {
  it('is told from the view, not from the level', () => {
    const chosen = (name: string) => ({ state: 'chosen' as const, name, hq_level_required: null });
    render(AssassinBoard, {
      assassin: {
        ...alessandra('in_hospital'),
        skills: [
          { level: 2, choice: chosen('Blend'), usable: true, apprentice_cannot_use: false },
          { level: 3, choice: chosen('Leap'), usable: false, apprentice_cannot_use: true },
          { level: 4, choice: { ...chosen('Strike'), hq_level_required: 3 }, usable: false, apprentice_cannot_use: false },
        ],
      },
      cubes: 3,
      hqLevel: 1,
      ondrop: () => {},
      answerAt: () => null,
      onhealth: () => {},
      onleave: () => {},
    });
    expect(screen.getByTestId('skill-alessandra-3').textContent).toContain('apprentice');
    expect(screen.getByTestId('skill-alessandra-4').textContent).not.toContain('apprentice');
  });
});

describe('medicine on an eliminated assassin (HEADQUARTERS: “Use medicine to heal an assassin”)', () => {
  it('offers the health buttons when the core says medicine may heal them', () => {
    const healed: number[] = [];
    show('eliminated', 3, true, (health) => healed.push(health));
    const up = screen.getByTestId('health-up-alessandra') as HTMLButtonElement;
    expect(up.disabled).toBe(false);
    up.click();
    expect(healed).toEqual([1]);
  });

  it('hides them when it may not (outside the HQ steps)', () => {
    show('eliminated', 3, false);
    expect(screen.queryByTestId('health-up-alessandra')).toBeNull();
  });
});
