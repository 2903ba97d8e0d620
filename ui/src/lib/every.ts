/**
 * Every value of a type generated from Rust (a union of its enum's ids),
 * in the order written: the compiler checks the record names each value
 * once and no other, so a variant added in Rust breaks the build until it
 * is listed. A form lists a type's values this way, never as a list of its
 * own (ui/src/structure.test.ts).
 */
export function every<T extends string>(values: Record<T, true>): readonly T[] {
  return Object.keys(values) as T[];
}
