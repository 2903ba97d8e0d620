import { describe, expect, it } from 'vitest';
import { en } from './en';
import { fr } from './fr';
import { catalogues } from './index.svelte';
import { lazyWords } from './lazy-words';

type Node = string | { readonly [key: string]: Node };

/** Every message as [dotted key, text]. */
function leaves(node: Node, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  return Object.entries(node).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

/** Every key, with what it holds: a message or a group. */
function shape(node: Node, prefix = ''): string[] {
  if (typeof node === 'string') return [`${prefix}: message`];
  return [
    `${prefix || '(root)'}: group`,
    ...Object.entries(node).flatMap(([key, child]) => shape(child, prefix ? `${prefix}.${key}` : key)),
  ];
}

/** Each placeholder's name, and whether it picks a plural (its words differ by language). */
const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)(\|[^{}]*)?\}/g)].map((m) => (m[2] ? `{${m[1]}|plural}` : `{${m[1]}}`)).sort();

/** The catalogue's messages, then the words brought with their screens' chunks (./lazy.ts). */
const enMessages = new Map([...leaves(en), ...leaves(lazyWords.en)]);
const frMessages = [...leaves(fr), ...leaves(lazyWords.fr)];

describe('French catalogue', () => {
  it('is registered', () => {
    expect(catalogues.fr).toBe(fr);
  });

  it('has exactly the keys of the English one, nested the same way', () => {
    expect(shape(fr).sort()).toEqual(shape(en).sort());
  });

  it('has the keys of every English module of words brought with a chunk, nested the same way', () => {
    expect(shape(lazyWords.fr).sort()).toEqual(shape(lazyWords.en).sort());
    // The told-back screens' words are among them, and checked with the rest below.
    expect(frMessages.find(([key]) => key === 'told.evening.closing')?.[1]).toBe(
      'Avant que Bagless ne se ferme\u00a0: ce qui a été joué ce soir.',
    );
    expect(frMessages.length - leaves(fr).length).toBeGreaterThan(100);
  });

  it('keeps every placeholder of each message, no more, no fewer', () => {
    const differ = frMessages
      .filter(([key, text]) => placeholders(text).join() !== placeholders(enMessages.get(key) ?? '').join())
      .map(([key, text]) => `${key}: ${text}`);
    expect(differ).toEqual([]);
  });

  it('has no empty message', () => {
    const empty = frMessages.filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('keeps the leading and trailing spaces messages are joined with', () => {
    const differ = frMessages
      .filter(([key, text]) => {
        const english = enMessages.get(key) ?? '';
        return /^\s/.test(text) !== /^\s/.test(english) || /\s$/.test(text) !== /\s$/.test(english);
      })
      .map(([key]) => key);
    expect(differ).toEqual([]);
  });

  it('uses French typography: no ordinary space before : ; ! ? % » or after «', () => {
    const wrong = frMessages
      .filter(([, text]) => / [:;!?%»]|« /.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(wrong).toEqual([]);
    expect(fr.diary.sync).toBe('Synchro 100\u00a0%');
  });

  it('names each language in its own words, as the English catalogue does', () => {
    expect(fr.app.languages).toEqual(en.app.languages);
  });

  it('is in French, not left in English', () => {
    // A few words may be the same in both (Bagless, XP, Boss, Assassin, Normal…),
    // but most messages must differ.
    const same = frMessages.filter(([key, text]) => text === enMessages.get(key)).map(([key]) => key);
    expect(same.length).toBeLessThan(frMessages.length / 10);
  });
});
