//! Nothing secret in clear on the wire (issue 56, item 4): a seat's link
//! carries a 256-bit secret in its URL fragment (`http://…/s/#<secret>`),
//! which a browser never sends. From it the page and the server each
//! derive the seat's id, which names the seat in the requests' paths, and
//! its key; every view of the seat, every answer to its actions and every
//! action is sealed with XChaCha20-Poly1305 under that key (the phone's
//! page uses @noble/ciphers, the same construction), each with a random
//! 192-bit nonce and what it is (`answer`, `act`) as associated data. An
//! action carries a number larger than the seat's last (the phone's clock
//! in milliseconds, kept rising): one recorded and sent again is refused.
//!
//! Against a passive listener on the network: it sees the seat's id, the
//! device cookie and sealed bytes; it reads nothing of a view and can
//! write nothing. Against an active one (who changes the page the phone
//! loads), nothing here protects: the panel says so.

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use sha2::{Digest, Sha256};

/// What the seat's view and the answers to its actions are sealed as.
pub const ANSWER: &[u8] = b"answer";
/// What a seat's action is sealed as.
pub const ACT: &[u8] = b"act";

/// A seat's link secret, and what it derives.
#[derive(Clone)]
pub struct SeatSecret([u8; 32]);

impl std::fmt::Debug for SeatSecret {
    /// Never printed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SeatSecret(…)")
    }
}

const DIGITS: &[u8; 16] = b"0123456789abcdef";

fn hex(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        text.push(char::from(DIGITS[usize::from(b >> 4)]));
        text.push(char::from(DIGITS[usize::from(b & 0x0f)]));
    }
    text
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    let digit = |c: u8| match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    };
    let text = text.as_bytes();
    if !text.len().is_multiple_of(2) {
        return None;
    }
    text.chunks(2)
        .map(|pair| Some(digit(pair[0])? << 4 | digit(pair[1])?))
        .collect()
}

impl SeatSecret {
    /// A new secret from the operating system's randomness.
    pub fn new() -> SeatSecret {
        SeatSecret(rand::random())
    }

    /// The secret of a seat's link (what follows its `#`), if it has one.
    pub fn from_link(url: &str) -> Option<SeatSecret> {
        let (_, fragment) = url.split_once('#')?;
        let bytes: [u8; 32] = unhex(fragment)?.try_into().ok()?;
        Some(SeatSecret(bytes))
    }

    /// As the link's fragment writes it: 64 hexadecimal digits.
    pub fn text(&self) -> String {
        hex(&self.0)
    }

    fn derived(&self, label: &[u8]) -> [u8; 32] {
        let mut hash = Sha256::new();
        hash.update(label);
        hash.update([0u8]);
        hash.update(self.0);
        hash.finalize().into()
    }

    /// The seat's id in the requests' paths: SHA-256("bagless seat id",
    /// 0, secret), its first 16 bytes as 32 hexadecimal digits.
    pub fn id(&self) -> String {
        hex(&self.derived(b"bagless seat id")[..16])
    }

    /// The seat's key: SHA-256("bagless seat key", 0, secret).
    pub fn key(&self) -> SeatKey {
        SeatKey(self.derived(b"bagless seat key"))
    }
}

impl Default for SeatSecret {
    fn default() -> Self {
        SeatSecret::new()
    }
}

/// The key a seat's bytes are sealed with.
#[derive(Clone)]
pub struct SeatKey([u8; 32]);

impl std::fmt::Debug for SeatKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SeatKey(…)")
    }
}

impl SeatKey {
    /// `plain` sealed as `what`, with `nonce`: hexadecimal nonce then
    /// ciphertext (with its tag).
    pub fn seal_with(&self, what: &[u8], plain: &[u8], nonce: [u8; 24]) -> String {
        let cipher = XChaCha20Poly1305::new((&self.0).into());
        let sealed = cipher
            .encrypt(
                XNonce::from_slice(&nonce),
                Payload {
                    msg: plain,
                    aad: what,
                },
            )
            .unwrap_or_default();
        format!("{}{}", hex(&nonce), hex(&sealed))
    }

    /// `plain` sealed as `what`, with a new random nonce.
    pub fn seal(&self, what: &[u8], plain: &[u8]) -> String {
        self.seal_with(what, plain, rand::random())
    }

    /// What `sealed` holds, if it was sealed as `what` with this key.
    pub fn open(&self, what: &[u8], sealed: &str) -> Option<Vec<u8>> {
        let bytes = unhex(sealed)?;
        if bytes.len() < 24 + 16 {
            return None;
        }
        let (nonce, body) = bytes.split_at(24);
        XChaCha20Poly1305::new((&self.0).into())
            .decrypt(
                XNonce::from_slice(nonce),
                Payload {
                    msg: body,
                    aad: what,
                },
            )
            .ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_bytes_open_only_with_their_key_as_what_they_are() {
        let secret = SeatSecret::new();
        let key = secret.key();
        let sealed = key.seal(ANSWER, b"{\"fragment\":12}");
        assert!(!sealed.contains("fragment"));
        assert_eq!(key.open(ANSWER, &sealed).unwrap(), b"{\"fragment\":12}");
        assert!(key.open(ACT, &sealed).is_none(), "an answer is no action");
        assert!(SeatSecret::new().key().open(ANSWER, &sealed).is_none());
        let mut tampered = sealed.clone().into_bytes();
        let last = tampered.len() - 1;
        tampered[last] = if tampered[last] == b'0' { b'1' } else { b'0' };
        assert!(key
            .open(ANSWER, std::str::from_utf8(&tampered).unwrap())
            .is_none());
        assert!(key.open(ANSWER, "00").is_none() && key.open(ANSWER, "zz").is_none());
        assert_ne!(
            key.seal(ANSWER, b"x"),
            key.seal(ANSWER, b"x"),
            "a nonce each"
        );
    }

    #[test]
    fn a_link_carries_its_secret_in_its_fragment_and_the_id_is_derived() {
        let secret = SeatSecret::new();
        let link = format!("http://192.168.1.20:41234/s/#{}", secret.text());
        let read = SeatSecret::from_link(&link).unwrap();
        assert_eq!(read.id(), secret.id());
        assert_eq!(read.id().len(), 32);
        assert!(!link.contains(&secret.id()), "the id is not in the link");
        // Typed in capitals (a QR reader that shouts): the same seat.
        let shouted = format!("http://x/s/#{}", secret.text().to_uppercase());
        assert_eq!(SeatSecret::from_link(&shouted).unwrap().id(), secret.id());
        assert!(SeatSecret::from_link("http://x/s/abc").is_none());
        assert!(SeatSecret::from_link("http://x/s/#abcd").is_none());
        assert_eq!(
            format!("{secret:?} {:?}", secret.key()),
            "SeatSecret(…) SeatKey(…)"
        );
    }

    /// The vector the phone's page opens in ui/src/lib/ipc/seal.test.ts
    /// (the same construction in @noble/ciphers): secret 00 01 … 1f.
    #[test]
    fn the_pages_test_vector() {
        let secret = SeatSecret(std::array::from_fn(|i| i as u8));
        assert_eq!(secret.id(), VECTOR_ID);
        let sealed = secret.key().seal_with(
            ANSWER,
            b"{\"seat\":\"red\"}",
            std::array::from_fn(|i| 100 + i as u8),
        );
        assert_eq!(sealed, VECTOR_SEALED);
    }

    const VECTOR_ID: &str = "8e54c3c52aeb6a3c988f6f1c3d0d6caa";
    const VECTOR_SEALED: &str = "6465666768696a6b6c6d6e6f707172737475767778797a7b502450d2c37aedae4b19756c143e65ef32ff2f4426b3a70026152eb565d4";
}
