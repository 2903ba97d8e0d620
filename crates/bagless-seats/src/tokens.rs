//! A seat's secret: 128 random bits, shown once in its link and QR code,
//! compared in constant time, forgotten when the table closes.

use subtle::ConstantTimeEq;

/// The bytes of a seat's token.
const BYTES: usize = 16;

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

/// The tokens of an open table, each with the seat it opens.
#[derive(Debug, Default)]
pub struct Passes<S> {
    passes: Vec<(Token, S)>,
}

impl<S> Passes<S> {
    pub fn new(seats: impl IntoIterator<Item = S>) -> Passes<S> {
        Passes {
            passes: seats.into_iter().map(|s| (Token::new(), s)).collect(),
        }
    }

    /// The seat `text` opens. Every token is compared, each in constant
    /// time, so the time taken says nothing of how close a guess came.
    pub fn find(&self, text: &str) -> Option<&S> {
        let asked = Token::parse(text)?;
        let mut found = None;
        for (token, seat) in &self.passes {
            if bool::from(token.0.ct_eq(&asked.0)) {
                found = Some(seat);
            }
        }
        found
    }

    pub fn iter(&self) -> impl Iterator<Item = (&Token, &S)> {
        self.passes.iter().map(|(t, s)| (t, s))
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
}
