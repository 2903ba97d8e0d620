import { fireEvent, render, screen as dom } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RiskView, Violation } from '$lib/ipc';
import type { TypedBounds } from '$lib/ipc/types/risk/TypedBounds';
import { attacking, player, screen, setupOffer, view, withTerritory } from './fixtures';

const ipc = vi.hoisted(() => ({
  riskOpen: vi.fn(),
  riskAct: vi.fn(),
  riskUndo: vi.fn(),
  riskRedo: vi.fn(),
  riskRename: vi.fn(),
  riskOdds: vi.fn(),
  riskSheet: vi.fn(),
  riskCreate: vi.fn(),
  riskSetup: vi.fn(),
}));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));
vi.mock('$games/risk/ipc', async (original) => ({ ...(await original<typeof import('$games/risk/ipc')>()), ...ipc }));

const { IpcError } = await import('$lib/ipc');
// Issue 55 (a fresh reader's FORM item): every number field of the turn's
// forms takes its fewest and most from the view (`bounds`, the manoeuvre's
// `manoeuvre_forces`, the move-in's `move_in_max`, the aptitude offer); the
// panels write none. The bounds below are not those of the fixture's other
// fields (a pool of 4, and so on), so a field that read anything else would
// show it.
const RiskGame = (await import('./RiskGame.svelte')).default;

const territory = (id: string) => dom.getAllByTestId('risk-territory').find((b) => b.dataset.territory === id)!;
const field = (testid: string) => dom.getByTestId(testid) as HTMLInputElement;
const bounds = (testid: string) => [field(testid).min, field(testid).max];

/** The fixture's view with some bounds of its own. */
function bounded(v: RiskView, more: Partial<TypedBounds>): RiskView {
  return { ...v, bounds: { ...v.bounds, ...more } };
}

async function open(v: RiskView): Promise<void> {
  ipc.riskOpen.mockResolvedValue(screen(v));
  render(RiskGame, { gameId: 'g1' });
  await dom.findByTestId('risk-map');
  await dom.findByTestId('risk-regions');
}

const needed = (key: string): Violation =>
  ({ game: 'risk', code: 'value_needed', params: { key, missing: '1' }, message: 'needed', section: 'MISE EN PLACE' }) as Violation;

beforeEach(() => {
  for (const f of Object.values(ipc)) f.mockReset();
  ipc.riskSetup.mockResolvedValue(setupOffer());
  ipc.riskOdds.mockResolvedValue({ win: 0.5, expected_attacker_losses: 1, expected_defender_losses: 1 });
});

describe('the number fields take the bounds the view gives', () => {
  it('places 1 to the most the view says one placement takes (1. PLACEZ VOS ASSASSINS)', async () => {
    await open(bounded(view({ pool: 5 }), { place_fewest: 2, place_most: 3 }));
    expect(bounds('risk-place-count')).toEqual(['2', '3']);
  });

  it('places the assassins a late trade brought within the same bounds (S’EMPARER D’UNE FACTION NEUTRE)', async () => {
    await open(bounded({ ...attacking(view()), pool: 4 }, { place_fewest: 2, place_most: 3 }));
    expect(bounds('risk-captured-count')).toEqual(['2', '3']);
  });

  it('manoeuvres from the fewest to the most the view gives for the territory chosen (3. MANŒUVREZ)', async () => {
    const v = withTerritory(view({ phase: 'manoeuvre' }), 'alaska', { assassins: 4 });
    const other = v.territories.find((t) => t.owner === 'red' && t.id !== 'alaska')!.id;
    await open(
      bounded(
        {
          ...v,
          manoeuvre_forces: [
            { territory: 'alaska', count: 2 },
            { territory: other, count: 7 },
          ],
        },
        { manoeuvre_fewest: 3 },
      ),
    );
    await fireEvent.click(territory('alaska'));
    await fireEvent.click(territory('alberta'));
    expect(bounds('risk-manoeuvre-count')).toEqual(['3', '2']);
  });

  it('enters dice faces within the view’s bounds, and moves in from its fewest to its most (LANCEZ LES DÉS, COMBAT)', async () => {
    const won = withTerritory(withTerritory(view(), 'northwest_territory', { owner: 'red', assassins: 3 }), 'alaska', { assassins: 6 });
    await open(
      bounded(
        {
          ...attacking(won, { edition: 1, can_move_in: true, move_in_max: 4 }),
          conquered: true,
          move_in: ['alaska', 'northwest_territory'],
        },
        { move_in_fewest: 2, die_fewest: 2, die_most: 5 },
      ),
    );
    expect(bounds('risk-move-in-count')).toEqual(['2', '4']);
    await fireEvent.click(territory('alaska'));
    await fireEvent.click(territory('kamchatka'));
    expect(bounds('risk-die-attack-0')).toEqual(['2', '5']);
    expect(bounds('risk-die-defence-0')).toEqual(['2', '5']);
  });

  it('asks a region’s bonus within the view’s bounds (CONTRÔLER DES RÉGIONS)', async () => {
    await open(bounded(view(), { region_bonus_fewest: 1, region_bonus_most: 12 }));
    ipc.riskAct.mockRejectedValueOnce(new IpcError('rules', '', [needed('region_bonus.europe')]));
    await fireEvent.click(dom.getByTestId('risk-end-placement'));
    expect((await dom.findByTestId('risk-values')).dataset.kind).toBe('region_bonus');
    expect(bounds('risk-value-input')).toEqual(['1', '12']);
  });

  it('asks a mission’s turns and assassins within the view’s bounds (ACCOMPLIR DES MISSIONS)', async () => {
    const v = view({
      players: [player('red', 'Ana', { fragments_held: 1 }), ...view().players.slice(1)],
      own_fragments: [{ id: 4, name: null, mission: null, used: false }],
    });
    await open(bounded(v, { mission_turns_fewest: 1, mission_turns_most: 9, mission_assassins_fewest: 2, mission_assassins_most: 40 }));
    await fireEvent.click(dom.getByTestId('risk-fragments-show'));
    ipc.riskAct.mockRejectedValueOnce(new IpcError('rules', '', [needed('mission.4')]));
    await fireEvent.click(dom.getByTestId('risk-claim-4'));
    expect((await dom.findByTestId('risk-values')).dataset.kind).toBe('mission');
    expect(bounds('risk-mission-turns')).toEqual(['1', '9']);
    expect(bounds('risk-mission-assassins')).toEqual(['2', '40']);
  });

  it('asks the fragments dealt at the table by the numbers the view bounds (MISE EN PLACE 6)', async () => {
    const v = view({ phase: 'dealing_cards', current: null, turn: 0, deal: { fragments_each: 2, fragment_cards: 10, neutral_stack: 0 } });
    await open(bounded(v, { fragment_fewest: 2, fragment_most: 9 }));
    await fireEvent.click(dom.getByTestId('risk-cards-enter'));
    await fireEvent.click(dom.getByTestId('risk-fragments-look-red'));
    expect(bounds('risk-fragment-red-0')).toEqual(['2', '9']);
    expect(bounds('risk-fragment-red-1')).toEqual(['2', '9']);
  });

  it('plays a kept aptitude card for the view’s fewest to most (LES CARTES APTITUDE)', async () => {
    const v = attacking(view());
    await open(bounded({ ...v, offers: { ...v.offers, kept_cards: ['Shroud: 3 assassins'] } }, { kept_gain_fewest: 2, aptitude_gain: 30 }));
    expect(bounds('risk-kept-gain-0')).toEqual(['2', '30']);
  });

  it('turns an aptitude card over within the offer’s bounds, a loss up to the most its territory gives (CARTES APTITUDE)', async () => {
    await open(
      view({
        aptitude: {
          losses: [
            { territory: 'alaska', count: 1 },
            { territory: 'peru', count: 3 },
          ],
          max_gain: 40,
          reason_chars: 200,
          min_gain: 1,
          min_loss: 2,
        },
      }),
    );
    await fireEvent.click(dom.getByTestId('risk-aptitude-open'));
    expect(bounds('risk-aptitude-gain')).toEqual(['1', '40']);
    expect(field('risk-aptitude-loss-count-0').min).toBe('2');
    await fireEvent.change(dom.getByTestId('risk-aptitude-loss-territory-0'), { target: { value: 'peru' } });
    expect(bounds('risk-aptitude-loss-count-0')).toEqual(['2', '3']);
  });
});
