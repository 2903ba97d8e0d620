import { describe, expect, it } from 'vitest';
import { seal, seatKeys, unseal } from './seal';

/** The app's own test vector (crates/bagless-seats/src/sealing.rs, `the_pages_test_vector`): secret 00 01 … 1f. */
const SECRET = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join('');
const ID = '8e54c3c52aeb6a3c988f6f1c3d0d6caa';
const SEALED =
  '6465666768696a6b6c6d6e6f707172737475767778797a7b502450d2c37aedae4b19756c143e65ef32ff2f4426b3a70026152eb565d4';

describe('a seat’s sealing, as the app seals', () => {
  it('derives the seat’s id from its link secret as the app does', () => {
    expect(seatKeys(SECRET)?.id).toBe(ID);
    expect(seatKeys('abcd')).toBeNull();
    expect(seatKeys('zz'.repeat(32))).toBeNull();
  });

  it('opens what the app sealed, and seals the same bytes with the same nonce', () => {
    const { key } = seatKeys(SECRET)!;
    expect(unseal(key, 'answer', SEALED)).toBe('{"seat":"red"}');
    const nonce = Uint8Array.from({ length: 24 }, (_, i) => 100 + i);
    expect(seal(key, 'answer', '{"seat":"red"}', nonce)).toBe(SEALED);
  });

  it('opens nothing sealed as something else, with another key, or changed', () => {
    const { key } = seatKeys(SECRET)!;
    expect(unseal(key, 'act', SEALED)).toBeNull();
    expect(unseal(seatKeys('ff'.repeat(32))!.key, 'answer', SEALED)).toBeNull();
    expect(unseal(key, 'answer', SEALED.slice(0, -2) + (SEALED.endsWith('0') ? '11' : '00'))).toBeNull();
    expect(unseal(key, 'answer', 'nothex')).toBeNull();
    const sealed = seal(key, 'act', '{"n":1}');
    expect(unseal(key, 'act', sealed)).toBe('{"n":1}');
    expect(seal(key, 'act', 'x')).not.toBe(seal(key, 'act', 'x'));
  });
});
