/**
 * The dice race on the shelf: the test-only game (`crates/bagless-dice-race`,
 * registered in Rust with `bagless-app`'s `test-game`), in the UI's test
 * builds only (`vite build --mode e2e`: `make ui-e2e`). Its entry is made
 * here, so the shelf's one line calls it; the app's bundle never holds it
 * (nothing here runs at import: unused, it is left out; `make ui` checks).
 */
import type { ShelfGame } from '$games/registry';
import { go, KIND } from './go';
import { bring, w } from './words';

/** The test builds' games, by kind (typed with no kind: `Kind` is the app's boxes). */
export function testGames(): Record<never, ShelfGame> {
  bring();
  const race: ShelfGame = {
    screens: {
      race: { load: () => import('./DiceRace.svelte'), props: (route) => ({ gameId: route.gameId }) },
      game_history: {
        load: () => import('$lib/screens/History.svelte'),
        props: (route) => ({ game: route.kind, gameId: route.gameId }),
      },
    },
    campaign: false,
    open: (id) => go.race(id),
    box: `${KIND}.box`,
    newGame: () => import('./NewDiceRace.svelte'),
    history: async (gameId) => {
      const [{ raceOpen }, { gameWords }] = await Promise.all([import('./ipc'), import('$lib/history/words')]);
      const players = (await raceOpen(gameId)).view.players;
      const said = gameWords(KIND, (name, value) => (name === 'player' ? (players[Number(value)] ?? value) : value));
      // The players of the race's start, as the list the players read.
      return (line) => (line.key === 'game_created' ? w('history.game_created', { players: players.join(', '), target: line.params.target ?? '' }) : said(line));
    },
    seat: () => import('./DiceSeat.svelte'),
  };
  return { [KIND]: race } as Record<never, ShelfGame>;
}
