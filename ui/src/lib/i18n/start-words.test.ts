/** The start language's words, asked for as the page is read (./start-words). */
import { afterEach, describe, expect, it } from 'vitest';
import { preloadWords } from './start-words';

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];

afterEach(() => preloads().forEach((link) => link.remove()));

describe("the start language's words", () => {
  it('are asked for in French, from the chunk the build named', () => {
    expect(preloadWords('fr', { fr: './assets/fr-abc.js' })).toBe(true);
    expect(preloads().map((l) => l.getAttribute('href'))).toEqual(['./assets/fr-abc.js']);
  });

  it('are in the bundle in English: nothing more is fetched', () => {
    expect(preloadWords('en', { fr: './assets/fr-abc.js' })).toBe(false);
    expect(preloads()).toEqual([]);
  });
});
