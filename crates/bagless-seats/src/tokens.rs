//! A seat's secret: 128 random bits, shown once in its link and QR code,
//! compared in constant time, forgotten when the table closes; and the
//! phone that holds it (issue 56, "a link for one player"): the first
//! device that opens a link claims the seat, and another device is refused
//! until the host frees it or gives the seat a new link.

use crate::sealing::{SeatKey, SeatSecret};
use subtle::ConstantTimeEq;

/// The bytes of a seat's token (and of a device's secret).
const BYTES: usize = 16;

/// The devices remembered per seat as having tried its link.
pub const DEVICES_REMEMBERED: usize = 32;

#[derive(Clone, PartialEq, Eq)]
pub struct Token([u8; BYTES]);

impl Token {
    /// A new token from the operating system's randomness (through
    /// rand's cryptographically secure generator).
    pub fn new() -> Token {
        Token(rand::random())
    }

    /// As it is written in a link: 32 lowercase hexadecimal digits.
    pub fn text(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The token a link names, if it is one in form (32 hexadecimal
    /// digits); whether it is a seat's is for [`Passes::find`] to say.
    pub fn parse(text: &str) -> Option<Token> {
        if text.len() != BYTES * 2 || !text.is_ascii() {
            return None;
        }
        let mut bytes = [0u8; BYTES];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(Token(bytes))
    }

    fn same(&self, other: &Token) -> bool {
        bool::from(self.0.ct_eq(&other.0))
    }
}

impl Default for Token {
    fn default() -> Self {
        Token::new()
    }
}

impl std::fmt::Debug for Token {
    /// Never printed: a log must not carry a seat's secret.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(…)")
    }
}

/// A phone's own secret, which its browser keeps and sends with each
/// request (a device is one browser: its tabs are the same device, another
/// browser on the same phone is another). Written like a token.
pub type Device = Token;

/// Why a device is not let into a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The token opens no seat (wrong, renewed, or the table closed).
    Unknown,
    /// Another device holds the seat.
    Taken,
}

/// One seat's way in.
#[derive(Debug)]
struct Pass<S> {
    /// The secret of the seat's link, in its fragment only.
    secret: SeatSecret,
    /// The seat's id in the requests' paths, derived from the secret.
    token: Token,
    key: SeatKey,
    /// The number of the seat's last action taken: one sent again is refused.
    last_action: u64,
    seat: S,
    /// The device that claimed the seat.
    holder: Option<Device>,
    /// The device the host freed the seat from: refused until another
    /// claims it (else the freed phone, reconnecting, would take it back).
    freed: Option<Device>,
    /// The devices that opened the link (the holder among them), up to
    /// [`DEVICES_REMEMBERED`].
    tried: Vec<Device>,
}

impl<S> Pass<S> {
    fn new(seat: S) -> Pass<S> {
        let secret = SeatSecret::new();
        Pass {
            token: Token::parse(&secret.id()).unwrap_or_default(),
            key: secret.key(),
            secret,
            last_action: 0,
            seat,
            holder: None,
            freed: None,
            tried: Vec::new(),
        }
    }
}

/// Who holds a seat, as the host sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Holding {
    /// Whether a device holds the seat.
    pub held: bool,
    /// How many devices opened its link (the holder among them).
    pub devices: usize,
}

/// The tokens of an open table, each with the seat it opens.
#[derive(Debug)]
pub struct Passes<S> {
    passes: Vec<Pass<S>>,
}

impl<S> Default for Passes<S> {
    fn default() -> Self {
        Passes { passes: Vec::new() }
    }
}

impl<S> Passes<S> {
    pub fn new(seats: impl IntoIterator<Item = S>) -> Passes<S> {
        Passes {
            passes: seats.into_iter().map(Pass::new).collect(),
        }
    }

    /// The pass `text` opens, by its place. Every token is compared, each
    /// in constant time, so the time taken says nothing of how close a
    /// guess came.
    fn place(&self, text: &str) -> Option<usize> {
        let asked = Token::parse(text)?;
        let mut found = None;
        for (at, pass) in self.passes.iter().enumerate() {
            if pass.token.same(&asked) {
                found = Some(at);
            }
        }
        found
    }

    /// The seat `text` opens, whoever asks.
    pub fn find(&self, text: &str) -> Option<&S> {
        self.place(text).map(|at| &self.passes[at].seat)
    }

    /// The seat `text` opens for `device`: claimed by it when no device
    /// holds it (and the host did not free it from this one); refused when
    /// another holds it. Every device that asks is counted once.
    pub fn enter(&mut self, text: &str, device: &Device) -> Result<&S, Refused> {
        let at = self.place(text).ok_or(Refused::Unknown)?;
        let pass = &mut self.passes[at];
        if !pass.tried.iter().any(|d| d.same(device)) && pass.tried.len() < DEVICES_REMEMBERED {
            pass.tried.push(device.clone());
        }
        let barred = pass.freed.as_ref().is_some_and(|d| d.same(device));
        match &pass.holder {
            Some(holder) if holder.same(device) => Ok(&pass.seat),
            Some(_) => Err(Refused::Taken),
            None if barred => Err(Refused::Taken),
            None => {
                pass.holder = Some(device.clone());
                pass.freed = None;
                Ok(&pass.seat)
            }
        }
    }

    /// The seat `text` opens if `device` holds it (nothing is claimed).
    pub fn held_by(&self, text: &str, device: &Device) -> Option<&S> {
        let pass = &self.passes[self.place(text)?];
        pass.holder
            .as_ref()
            .is_some_and(|h| h.same(device))
            .then_some(&pass.seat)
    }

    /// Each seat's id (as the requests name it) and seat.
    pub fn iter(&self) -> impl Iterator<Item = (&Token, &S)> {
        self.passes.iter().map(|p| (&p.token, &p.seat))
    }

    /// Each seat's link secret and seat.
    pub fn secrets(&self) -> impl Iterator<Item = (&SeatSecret, &S)> {
        self.passes.iter().map(|p| (&p.secret, &p.seat))
    }

    /// The key of the seat `text` opens.
    pub fn key(&self, text: &str) -> Option<&SeatKey> {
        Some(&self.passes[self.place(text)?].key)
    }

    /// Whether the action numbered `number` of the seat `text` opens may
    /// be taken (a number larger than its last: not one sent again); it
    /// is then its last.
    pub fn number(&mut self, text: &str, number: u64) -> bool {
        let Some(at) = self.place(text) else {
            return false;
        };
        let pass = &mut self.passes[at];
        if number <= pass.last_action {
            return false;
        }
        pass.last_action = number;
        true
    }

    /// Who holds each seat, in the passes' order.
    pub fn holdings(&self) -> impl Iterator<Item = Holding> + '_ {
        self.passes.iter().map(|p| Holding {
            held: p.holder.is_some(),
            devices: p.tried.len(),
        })
    }

    /// The seat `which` picks let go by its device: the next other device
    /// that opens the link claims it. `false` when no seat is picked.
    pub fn free(&mut self, which: impl Fn(&S) -> bool) -> bool {
        let Some(pass) = self.passes.iter_mut().find(|p| which(&p.seat)) else {
            return false;
        };
        if let Some(holder) = pass.holder.take() {
            pass.freed = Some(holder);
        }
        true
    }

    /// The seat `which` picks given a new token: its old link opens
    /// nothing, no device holds it, none has tried it. `false` when no
    /// seat is picked.
    pub fn renew(&mut self, which: impl Fn(&S) -> bool) -> bool {
        let Some(pass) = self.passes.iter_mut().find(|p| which(&p.seat)) else {
            return false;
        };
        let fresh = Pass::new(());
        pass.secret = fresh.secret;
        pass.token = fresh.token;
        pass.key = fresh.key;
        pass.last_action = 0;
        pass.holder = None;
        pass.freed = None;
        pass.tried.clear();
        true
    }

    /// Every token forgotten: their links open nothing any more.
    pub fn revoke(&mut self) {
        self.passes.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_128_random_bits_written_as_32_hex_digits() {
        let (a, b) = (Token::new(), Token::new());
        assert_ne!(a, b);
        assert_eq!(a.text().len(), 32);
        assert!(a
            .text()
            .chars()
            .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
        assert_eq!(Token::parse(&a.text()), Some(a.clone()));
        assert_eq!(format!("{a:?}"), "Token(…)");
    }

    #[test]
    fn only_a_seats_own_token_opens_it_and_none_once_revoked() {
        let mut passes = Passes::new(["red", "grey"]);
        let tokens: Vec<String> = passes.iter().map(|(t, _)| t.text()).collect();
        assert_eq!(passes.find(&tokens[0]), Some(&"red"));
        assert_eq!(passes.find(&tokens[1]), Some(&"grey"));
        let mut wrong = tokens[0].clone().into_bytes();
        wrong[31] = if wrong[31] == b'0' { b'1' } else { b'0' };
        assert_eq!(passes.find(std::str::from_utf8(&wrong).unwrap()), None);
        for bad in ["", "zz", &tokens[0][..31], &format!("{}0", tokens[0]), "é"] {
            assert_eq!(passes.find(bad), None, "{bad:?}");
        }
        passes.revoke();
        assert_eq!(passes.find(&tokens[0]), None);
    }

    /// Issue 56: "A link is claimed by the first phone that opens it (a
    /// per-device secret the phone keeps); another device is refused until
    /// the host frees that seat."
    #[test]
    fn the_first_device_claims_a_seat_another_is_refused_until_the_host_frees_it() {
        let mut passes = Passes::new(["red", "grey"]);
        let tokens: Vec<String> = passes.iter().map(|(t, _)| t.text()).collect();
        let (phone, rival, third) = (Device::new(), Device::new(), Device::new());
        assert_eq!(passes.enter(&tokens[0], &phone), Ok(&"red"));
        assert_eq!(passes.enter(&tokens[0], &phone), Ok(&"red"), "again");
        assert_eq!(passes.enter(&tokens[0], &rival), Err(Refused::Taken));
        assert_eq!(passes.enter(&tokens[0], &rival), Err(Refused::Taken));
        assert_eq!(passes.held_by(&tokens[0], &phone), Some(&"red"));
        assert_eq!(passes.held_by(&tokens[0], &rival), None);
        let holdings: Vec<Holding> = passes.holdings().collect();
        assert_eq!(
            holdings,
            [
                Holding {
                    held: true,
                    devices: 2
                },
                Holding {
                    held: false,
                    devices: 0
                }
            ]
        );
        // The rival's phone holds grey's seat of its own: no bearing on red.
        assert_eq!(passes.enter(&tokens[1], &rival), Ok(&"grey"));
        // Freed: the phone that held it does not take it back; another does.
        assert!(passes.free(|s| *s == "red"));
        assert!(!passes.free(|s| *s == "blue"));
        assert_eq!(passes.held_by(&tokens[0], &phone), None);
        assert_eq!(passes.enter(&tokens[0], &phone), Err(Refused::Taken));
        assert_eq!(passes.enter(&tokens[0], &third), Ok(&"red"));
        assert_eq!(passes.enter(&tokens[0], &phone), Err(Refused::Taken));
        assert_eq!(passes.enter("00", &phone), Err(Refused::Unknown));
    }

    /// Issue 56: "can give one seat a new link without closing the table".
    #[test]
    fn a_new_link_for_one_seat_leaves_the_others_alone() {
        let mut passes = Passes::new(["red", "grey"]);
        let before: Vec<String> = passes.iter().map(|(t, _)| t.text()).collect();
        let phone = Device::new();
        passes.enter(&before[0], &phone).unwrap();
        passes.enter(&before[1], &phone).unwrap();
        assert!(passes.renew(|s| *s == "red"));
        assert!(!passes.renew(|s| *s == "blue"));
        let after: Vec<String> = passes.iter().map(|(t, _)| t.text()).collect();
        assert_ne!(after[0], before[0]);
        assert_eq!(after[1], before[1]);
        assert_eq!(passes.find(&before[0]), None, "the old link opens nothing");
        assert_eq!(passes.held_by(&before[1], &phone), Some(&"grey"));
        let holdings: Vec<Holding> = passes.holdings().collect();
        assert_eq!(
            holdings[0],
            Holding {
                held: false,
                devices: 0
            }
        );
        assert_eq!(passes.enter(&after[0], &Device::new()), Ok(&"red"));
    }

    #[test]
    fn an_action_sent_again_is_refused() {
        let mut passes = Passes::new(["red", "grey"]);
        let tokens: Vec<String> = passes.iter().map(|(t, _)| t.text()).collect();
        assert!(passes.number(&tokens[0], 10));
        assert!(!passes.number(&tokens[0], 10), "the same again");
        assert!(!passes.number(&tokens[0], 9), "an older one");
        assert!(passes.number(&tokens[0], 11));
        assert!(passes.number(&tokens[1], 5), "each seat its own numbers");
        assert!(!passes.number("00", 50));
        assert!(passes.key(&tokens[0]).is_some() && passes.key("00").is_none());
    }

    #[test]
    fn the_devices_counted_are_bounded() {
        let mut passes = Passes::new(["red"]);
        let token = passes.iter().next().unwrap().0.text();
        for _ in 0..100 {
            let _ = passes.enter(&token, &Device::new());
        }
        assert_eq!(
            passes.holdings().next().unwrap().devices,
            DEVICES_REMEMBERED
        );
    }
}
