/**
 * The RISK story drawn once out of sight before its first opening
 * (`$lib/told/warm`): a made-up game of as many turns as a long one (the
 * charts' lines thinned, the table paged, as the 20,000-event game's), on
 * the game's own territories. Nothing is asked of the backend, nothing is
 * kept.
 */
import type { GameTold, RiskView } from '$lib/ipc';
import type { Story as StoryFigures } from '$lib/ipc/types/risk/Story';
import { warmOffScreen } from '$lib/told/warm';
import Story from './Story.svelte';

/** About the 20,000-event game's 1,354 turns. */
const TURNS = 1400;

/** A made-up story of `TURNS` turns between red, grey and a neutral white on `view`'s territories. */
export function madeUp(view: RiskView): StoryFigures {
  const ids = view.territories.map((t) => t.id);
  const turns: StoryFigures['turns'] = [];
  const conquests: StoryFigures['conquests'] = [];
  for (let turn = 0; turn <= TURNS; turn += 1) {
    const swing = Math.round(6 * Math.sin(turn / 40));
    turns.push({
      turn,
      player: turn === 0 ? null : turn % 2 === 1 ? 'red' : 'grey',
      seq: turn * 14,
      territories: [14 + swing, 14 - swing, 14],
      assassins: [30 + (turn % 17), 30 + (turn % 11), 20],
      in_progress: false,
    });
    if (turn > 0 && turn % 9 === 0 && ids.length > 0) {
      const by = turn % 2 === 1 ? 'red' : 'grey';
      conquests.push({ turn, seq: turn * 14 + 5, player: by, from: ids[turn % ids.length], territory: ids[(turn + 1) % ids.length], previous_owner: by === 'red' ? 'grey' : 'red' });
    }
  }
  return {
    brotherhoods: [
      { colour: 'red', name: 'A', neutral: false },
      { colour: 'grey', name: 'B', neutral: false },
      { colour: 'white', name: null, neutral: true },
    ],
    board: ids.length,
    turns,
    conquests,
    missions: [{ turn: 30, seq: 425, player: 'red', fragment: 1, name: null, assassins: 4 }],
    eliminations: [],
    events: TURNS * 14,
    won: null,
  };
}

let warmed = false;

/**
 * Draws the story of a made-up game on `view`'s territories, out of sight,
 * and takes it down: once a run of the window (its code stays compiled).
 */
export function warmStory(view: RiskView): void {
  if (warmed) return;
  warmed = true;
  const told: GameTold = { game: 'risk', id: '', name: '', since: null, told: madeUp(view) };
  warmOffScreen(Story, { gameId: '', warm: { told, view } });
}
