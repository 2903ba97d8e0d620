/**
 * Structural sharing for the screens the backend answers whole: `next`,
 * with every part equal to the same part of `prev` replaced by `prev`'s
 * object. A move that changes one territory answers a new screen whose
 * other 41 territories are, after this, the very objects the page already
 * drew, so Svelte (which compares each item by reference) redraws only the
 * one that changed.
 *
 * Only plain data (what JSON gives) is compared: arrays, plain objects,
 * strings, numbers, booleans and null. When nothing changed, `prev` itself
 * comes back.
 */
export function shareUnchanged<T>(prev: T, next: T): T {
  return share(prev, next) as T;
}

function share(prev: unknown, next: unknown): unknown {
  if (Object.is(prev, next)) return prev;
  if (Array.isArray(prev) && Array.isArray(next)) {
    const out = next.map((item, i) => (i < prev.length ? share(prev[i], item) : item));
    return out.length === prev.length && out.every((item, i) => item === prev[i]) ? prev : out;
  }
  if (isPlain(prev) && isPlain(next)) {
    const keys = Object.keys(next);
    const out: Record<string, unknown> = {};
    let same = keys.length === Object.keys(prev).length;
    for (const key of keys) {
      const value = Object.hasOwn(prev, key) ? share(prev[key], next[key]) : next[key];
      out[key] = value;
      if (!Object.hasOwn(prev, key) || value !== prev[key]) same = false;
    }
    return same ? prev : out;
  }
  return next;
}

function isPlain(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
