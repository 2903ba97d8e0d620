import { describe, expect, it } from 'vitest';
import { arrivedAnswer, openArgs, firstAnswer, firstCommand, parseLastPlayed, sendFirst, takeSent } from './first';

describe('the first command, sent at start', () => {
  it('reads what is remembered as a game of its kind, or an id alone (the first builds)', () => {
    expect(parseLastPlayed(null)).toBeNull();
    expect(parseLastPlayed('')).toBeNull();
    expect(parseLastPlayed('c0123')).toEqual({ game: '', id: 'c0123' });
    expect(parseLastPlayed('bov:c0123')).toEqual({ game: 'bov', id: 'c0123' });
    expect(parseLastPlayed('risk:g1')).toEqual({ game: 'risk', id: 'g1' });
    expect(parseLastPlayed('memory:g2')).toEqual({ game: 'memory', id: 'g2' });
    // The shelf, not this reading, knows which kinds are games here.
    expect(parseLastPlayed('chess:g3')).toEqual({ game: 'chess', id: 'g3' });
    expect(parseLastPlayed('Chess:g3')).toBeNull();
    expect(parseLastPlayed('risk:')).toBeNull();
  });

  it('opens every game with the same command, on its first screen', () => {
    expect(firstCommand(parseLastPlayed('c0123'))).toEqual({ command: 'game_open', args: { gameId: 'c0123' } });
    expect(firstCommand(parseLastPlayed('bov:c0123'))).toEqual({ command: 'game_open', args: { gameId: 'c0123' } });
    expect(firstCommand(parseLastPlayed('nation:g1'))).toEqual({ command: 'game_open', args: { gameId: 'g1' } });
    expect(firstCommand(null)).toBeNull();
  });

  it('hands its answer to the same command, once', async () => {
    const sentCommands: string[] = [];
    sendFirst('c0123', (command) => {
      sentCommands.push(command);
      return Promise.resolve({ diary: 'c0123' });
    });
    expect(sentCommands).toEqual(['game_open']);
    expect(takeSent('game_open', openArgs('other'))).toBeNull();
    // Any other command first: the answer may be out of date, and is dropped.
    expect(takeSent('game_open', openArgs('c0123'))).toBeNull();

    sendFirst('c0123', () => Promise.resolve({ diary: 'c0123' }));
    await expect(takeSent('game_open', openArgs('c0123'))).resolves.toEqual({ diary: 'c0123' });
    expect(takeSent('game_open', openArgs('c0123'))).toBeNull();
  });

  it('keeps a refusal for the screen that takes it', async () => {
    sendFirst('risk:g9', () => Promise.reject(new Error('gone')));
    await expect(takeSent('game_open', { gameId: 'g9' })).rejects.toThrow('gone');
  });

  it('shows an answer that has arrived, and leaves it to be taken', async () => {
    let answer!: (value: unknown) => void;
    sendFirst('c0123', () => new Promise((resolve) => (answer = resolve)));
    expect(arrivedAnswer('game_open', openArgs('c0123'))).toBeNull(); // on its way
    answer({ diary: 'c0123' });
    await firstAnswer(10_000); // at once: it has been answered
    expect(arrivedAnswer('game_open', openArgs('other'))).toBeNull();
    expect(arrivedAnswer('game_open', openArgs('c0123'))).toEqual({ value: { diary: 'c0123' } });
    await expect(takeSent('game_open', openArgs('c0123'))).resolves.toEqual({ diary: 'c0123' });
    expect(arrivedAnswer('game_open', openArgs('c0123'))).toBeNull();
  });

  it('waits for the first answer a short while at most', async () => {
    await firstAnswer(10_000); // nothing was sent: at once
    sendFirst('c0123', () => new Promise(() => {})); // never answered
    const started = Date.now();
    await firstAnswer(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    expect(arrivedAnswer('game_open', openArgs('c0123'))).toBeNull();
    sendFirst('c0123', () => Promise.reject(new Error('gone')));
    await firstAnswer(10_000); // a refusal ends the wait too
    expect(arrivedAnswer('game_open', openArgs('c0123'))).toBeNull();
    await expect(takeSent('game_open', openArgs('c0123'))).rejects.toThrow('gone');
  });
});
