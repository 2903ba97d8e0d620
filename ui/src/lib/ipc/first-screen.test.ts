/** The game played last's first screen, asked for as the page is read (./first-screen). */
import { afterEach, describe, expect, it } from 'vitest';
import { parseLastPlayed } from './first';
import { preloadScreen } from './first-screen';

const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="preload"]')];
afterEach(() => links().forEach((link) => link.remove()));

const CHUNKS = {
  risk: { js: ['./assets/RiskGame-abc.js', './assets/words-def.js'], css: ['./assets/RiskGame-abc.css'] },
  bov: { js: ['./assets/Diary-ghi.js'], css: [] },
};

describe("the game played last's first screen", () => {
  it('is asked for with its modules and its stylesheets, by the names the build gave', () => {
    expect(preloadScreen(parseLastPlayed('risk:c0123'), CHUNKS)).toBe(true);
    expect(links().map((l) => [l.rel, l.getAttribute('href'), l.getAttribute('as')])).toEqual([
      ['modulepreload', './assets/RiskGame-abc.js', null],
      ['modulepreload', './assets/words-def.js', null],
      ['preload', './assets/RiskGame-abc.css', 'style'],
    ]);
  });

  it('asks nothing with no game played last, a game remembered without its kind, or a kind it does not know', () => {
    expect(preloadScreen(parseLastPlayed(null), CHUNKS)).toBe(false);
    expect(preloadScreen(parseLastPlayed('c0123'), CHUNKS)).toBe(false);
    expect(preloadScreen(parseLastPlayed('dice_race:c0123'), CHUNKS)).toBe(false);
    expect(links()).toEqual([]);
  });
});
