import { describe, expect, it } from 'vitest';
import { shareUnchanged } from './share';

/** A small seeded generator (mulberry32): the same trees on every run. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function tree(r: () => number, depth: number): Json {
  const pick = Math.floor(r() * (depth > 0 ? 6 : 4));
  if (pick === 0) return null;
  if (pick === 1) return r() < 0.5;
  if (pick === 2) return Math.floor(r() * 4);
  if (pick === 3) return ['a', 'b', 'c'][Math.floor(r() * 3)];
  if (pick === 4) return Array.from({ length: Math.floor(r() * 4) }, () => tree(r, depth - 1));
  return Object.fromEntries(Array.from({ length: Math.floor(r() * 4) }, (_, i) => [`k${i}`, tree(r, depth - 1)]));
}

/** A copy of `value` (never the same objects) with, now and then, a part changed. */
function edit(r: () => number, value: Json, depth: number): Json {
  if (r() < 0.1) return tree(r, depth);
  if (Array.isArray(value)) {
    const out = value.map((item) => edit(r, item, depth - 1));
    if (r() < 0.1) out.push(tree(r, depth - 1));
    return out;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, edit(r, v, depth - 1)]));
  }
  return value;
}

/** Every part of `out` equal to the part of `prev` at the same place is that very object. */
function sharedWherever(prev: unknown, out: unknown): boolean {
  if (prev === null || out === null || typeof prev !== 'object' || typeof out !== 'object') return true;
  if (JSON.stringify(prev) === JSON.stringify(out) && Array.isArray(prev) === Array.isArray(out)) return prev === out;
  const p = prev as Record<string, unknown>;
  const o = out as Record<string, unknown>;
  return Object.keys(o).every((k) => !Object.hasOwn(p, k) || sharedWherever(p[k], o[k]));
}

describe('shareUnchanged', () => {
  it('answers the next screen, keeping every equal part of the last one (1,000 random pairs)', () => {
    const r = rng(20261124);
    for (let n = 0; n < 1000; n += 1) {
      const prev = tree(r, 4);
      const next = edit(r, prev, 4);
      const out = shareUnchanged(prev, next);
      expect(out).toStrictEqual(next);
      expect(sharedWherever(prev, out)).toBe(true);
      if (JSON.stringify(prev) === JSON.stringify(next)) expect(out).toBe(prev);
    }
  });

  it('a move on one territory: the other territories are the objects already drawn', () => {
    const territory = (id: string, assassins: number) => ({ id, owner: 'red', assassins, neighbours: ['x', 'y'] });
    const prev = { phase: 'placement', pool: 3, territories: [territory('alaska', 1), territory('peru', 2)] };
    const next = { phase: 'placement', pool: 2, territories: [territory('alaska', 2), territory('peru', 2)] };
    const out = shareUnchanged(prev, next);
    expect(out).not.toBe(prev);
    expect(out.territories[0]).not.toBe(prev.territories[0]);
    expect(out.territories[0].neighbours).toBe(prev.territories[0].neighbours);
    expect(out.territories[1]).toBe(prev.territories[1]);
    expect(out.pool).toBe(2);
  });

  it('a key gone or come, or an array and an object of the same entries, is a change', () => {
    const prev: Record<string, unknown> = { a: 1, b: 2 };
    const fewer = shareUnchanged(prev, { a: 1 });
    expect(fewer).toStrictEqual({ a: 1 });
    expect(fewer).not.toBe(prev);
    const single: Record<string, unknown> = { a: 1 };
    expect(shareUnchanged(single, { a: 1, b: 2 })).toStrictEqual({ a: 1, b: 2 });
    const list: unknown = ['x'];
    const object: unknown = { 0: 'x' };
    expect(shareUnchanged(list, object)).toBe(object);
    expect(shareUnchanged(null, { a: 1 })).toStrictEqual({ a: 1 });
  });
});
