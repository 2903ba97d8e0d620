import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import AssassinBoard from './AssassinBoard.svelte';
import { locale } from '$lib/i18n/index.svelte';
import { lineWords } from '$lib/history/words';
import type { AssassinStatus, AssassinView } from '$lib/ipc';

const NBSP = '\u00a0';

const alessandra = (status: AssassinStatus): AssassinView => ({
  id: 'alessandra',
  name: 'Alessandra',
  status,
  health: 2,
  max_health: 4,
  armor_bonus: 0,
  skills: [],
  equipped: [
    { slot: 'melee', card: null },
    { slot: 'ranged', card: null },
    { slot: 'armor', card: null },
  ],
  inventory: [null, null, null, null, null],
  bag: [],
});

const show = (status: AssassinStatus) =>
  render(AssassinBoard, {
    assassin: alessandra(status),
    cubes: 3,
    hqLevel: 1,
    ondrop: () => {},
    onhealth: () => {},
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

describe('history', () => {
  it('tells an armor taken off that lowered the health', () => {
    const line = { kind: 'health_lowered', key: 'health_lowered', params: { assassin: 'Alessandra', health: '3' }, places: {} };
    expect(lineWords(line)).toBe('Alessandra’s health lowered to 3: the armor came off');
    locale.set('fr', false);
    expect(lineWords(line)).toBe(`Santé de Alessandra ramenée à 3${NBSP}: l’armure a été retirée`);
  });
});
