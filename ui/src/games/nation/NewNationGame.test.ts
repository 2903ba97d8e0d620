import { fireEvent, render, screen as dom, waitFor } from '@testing-library/svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignSummary, Violation } from '$lib/ipc';

const ipc = vi.hoisted(() => ({ nationCreate: vi.fn(), nationSetup: vi.fn() }));
vi.mock('$lib/ipc', async (original) => ({ ...(await original<typeof import('$lib/ipc')>()), ...ipc }));
vi.mock('$games/nation/ipc', async (original) => ({ ...(await original<typeof import('$games/nation/ipc')>()), ...ipc }));

const { setupOffer } = await import('./fixtures');
const { IpcError } = await import('$lib/ipc');
const NewNationGame = (await import('./NewNationGame.svelte')).default;

const summary = { id: 'g1', name: 'Friday', game: 'nation' } as CampaignSummary;

async function fill(names: string[]): Promise<void> {
  await fireEvent.input(dom.getByTestId('nation-new-name'), { target: { value: 'Friday' } });
  for (const [i, name] of names.entries()) {
    await fireEvent.input(dom.getByTestId(`nation-new-player-name-${i}`), { target: { value: name } });
  }
}

beforeEach(() => {
  ipc.nationCreate.mockReset();
  ipc.nationSetup.mockResolvedValue(setupOffer());
});

describe('setting up a game of Assassin Nation', () => {
  it('sends the players with their specialists, the Player One Token, storytelling and specialty weapons', async () => {
    const oncreated = vi.fn();
    ipc.nationCreate.mockResolvedValue(summary);
    render(NewNationGame, { oncreated });
    expect(dom.getAllByTestId('nation-new-player')).toHaveLength(3);
    await fill(['Ann', 'Bo', 'Cy']);
    // "Each player is randomly assigned one Specialist card": dealt at the
    // table here, each card entered (none pre-filled).
    await fireEvent.change(dom.getByTestId('nation-new-dealing'), { target: { value: 'table' } });
    for (const [i, card] of ['1', '2', '5'].entries())
      await fireEvent.change(dom.getByTestId(`nation-new-specialist-${i}`), { target: { value: card } });
    await fireEvent.change(dom.getByTestId('nation-new-weapon-0'), { target: { value: 'knife' } });
    await fireEvent.change(dom.getByTestId('nation-new-first'), { target: { value: '1' } });
    await fireEvent.click(dom.getByTestId('nation-new-storytelling'));
    await fireEvent.click(dom.getByTestId('nation-new-create'));
    expect(ipc.nationCreate).toHaveBeenCalledWith('Friday', {
      type: 'create_game',
      players: [
        { name: 'Ann', specialist: 1 },
        { name: 'Bo', specialist: 2 },
        { name: 'Cy', specialist: 5 },
      ],
      first_player: 1,
      dice: null,
      storytelling: true,
      box_values: { 'specialist.1.weapon': 'knife' },
    });
    await waitFor(() => expect(oncreated).toHaveBeenCalledWith(summary));
  });

  it('takes 2 to 6 players, and the dice each player rolled for the token', async () => {
    ipc.nationCreate.mockResolvedValue(summary);
    render(NewNationGame, { oncreated: vi.fn() });
    await fireEvent.click(await dom.findByTestId('nation-new-remove-2'));
    expect(dom.getAllByTestId('nation-new-player')).toHaveLength(2);
    expect(dom.queryByTestId('nation-new-remove-0')).toBeNull();
    for (let i = 0; i < 4; i += 1) await fireEvent.click(dom.getByTestId('nation-new-add-player'));
    expect(dom.getAllByTestId('nation-new-player')).toHaveLength(6);
    expect(dom.queryByTestId('nation-new-add-player')).toBeNull();
    // Entered by the table, no seat's card is pre-filled (never in seat order).
    await fireEvent.change(dom.getByTestId('nation-new-dealing'), { target: { value: 'table' } });
    const specialists = [0, 1, 2, 3, 4, 5].map((i) => (dom.getByTestId(`nation-new-specialist-${i}`) as HTMLSelectElement).value);
    expect(specialists).toEqual(['', '', '', '', '', '']);
    await fireEvent.change(dom.getByTestId('nation-new-dealing'), { target: { value: 'bagless' } });
    for (let i = 5; i > 1; i -= 1) await fireEvent.click(dom.getByTestId(`nation-new-remove-${i}`));
    await fill(['Ann', 'Bo']);
    await fireEvent.change(dom.getByTestId('nation-new-first'), { target: { value: 'dice' } });
    await fireEvent.input(dom.getByTestId('nation-new-die-0'), { target: { value: '3' } });
    await fireEvent.input(dom.getByTestId('nation-new-die-1'), { target: { value: '5' } });
    await fireEvent.click(dom.getByTestId('nation-new-create'));
    expect(ipc.nationCreate.mock.calls[0][1]).toMatchObject({ first_player: null, dice: [3, 5], box_values: {} });
  });

  it('lets Bagless deal the specialist cards at random by default ("randomly assigned")', async () => {
    ipc.nationCreate.mockResolvedValue(summary);
    render(NewNationGame, { oncreated: vi.fn() });
    await fill(['Ann', 'Bo', 'Cy']);
    expect(dom.queryByTestId('nation-new-specialist-0')).toBeNull();
    await fireEvent.click(dom.getByTestId('nation-new-create'));
    expect(ipc.nationCreate.mock.calls[0][1]).toMatchObject({
      deal_specialists: true,
      players: [
        { name: 'Ann', specialist: 0 },
        { name: 'Bo', specialist: 0 },
        { name: 'Cy', specialist: 0 },
      ],
      box_values: {},
    });
  });

  it('shows a refusal with the players’ names', async () => {
    const refused = new IpcError('rules', 'refused', [
      { game: 'nation', code: 'name_twice', params: { name: 'Ann' }, message: 'x', section: 'STARTING THE GAME' } as Violation,
    ]);
    ipc.nationCreate.mockImplementation(async () => {
      throw refused;
    });
    const oncreated = vi.fn();
    render(NewNationGame, { oncreated });
    await fill(['Ann', 'Ann', 'Cy']);
    await fireEvent.click(dom.getByTestId('nation-new-create'));
    await waitFor(() => expect(dom.getByTestId('error').textContent).toContain('Two players are called Ann.'));
    expect(oncreated).not.toHaveBeenCalled();
  });
});
