/**
 * A seat's page seals what it sends and opens what it is sent (issue 56:
 * nothing secret in clear on the wire, against a passive listener). The
 * seat's link carries a 256-bit secret in its URL fragment, which the
 * browser never sends; from it the page derives the seat's id (which the
 * requests' paths carry) and its key, exactly as the app does
 * (crates/bagless-seats/src/sealing.rs): SHA-256 of a label, a zero byte
 * and the secret. Sealing is XChaCha20-Poly1305 with a random 192-bit
 * nonce and what the bytes are ("answer", "act") as associated data, from
 * @noble/ciphers (audited, no dependencies; WebCrypto's own is not
 * offered to a page on a plain-http LAN address).
 */
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { bytesToHex, bytesToUtf8, concatBytes, hexToBytes, randomBytes, utf8ToBytes } from '@noble/ciphers/utils.js';
import { sha256 } from '@noble/hashes/sha2.js';

/** What a seat's link secret derives: its id in the paths and its key. */
export interface SeatKeys {
  id: string;
  key: Uint8Array;
}

/** What sealed bytes are: an answer to the phone, or the phone's action. */
export type Sealing = 'answer' | 'act';

/** The id and key of the seat whose link secret is `secret` (64 hexadecimal digits); `null` for anything else. */
export function seatKeys(secret: string): SeatKeys | null {
  if (!/^[0-9a-fA-F]{64}$/.test(secret)) return null;
  const bytes = hexToBytes(secret.toLowerCase());
  const derived = (label: string) => sha256(concatBytes(utf8ToBytes(label), new Uint8Array([0]), bytes));
  return { id: bytesToHex(derived('bagless seat id').slice(0, 16)), key: derived('bagless seat key') };
}

/** `plain` sealed as `what`: the nonce then the ciphertext, in hexadecimal. */
export function seal(key: Uint8Array, what: Sealing, plain: string, nonce: Uint8Array = randomBytes(24)): string {
  const sealed = xchacha20poly1305(key, nonce, utf8ToBytes(what)).encrypt(utf8ToBytes(plain));
  return bytesToHex(nonce) + bytesToHex(sealed);
}

/** What `sealed` holds if it was sealed as `what` with `key`; `null` otherwise. */
export function unseal(key: Uint8Array, what: Sealing, sealed: string): string | null {
  if (!/^(?:[0-9a-f]{2})+$/.test(sealed) || sealed.length < 2 * (24 + 16)) return null;
  try {
    const bytes = hexToBytes(sealed);
    const opened = xchacha20poly1305(key, bytes.subarray(0, 24), utf8ToBytes(what)).decrypt(bytes.subarray(24));
    return bytesToUtf8(opened);
  } catch {
    return null;
  }
}
