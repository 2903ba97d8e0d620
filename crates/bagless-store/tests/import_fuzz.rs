//! The import parser against hostile bytes, on stable Rust: 20,000 inputs
//! from a fixed seed (random bytes, and a real export cut, flipped,
//! spliced and stuffed) must each give a game or a clean error, never a
//! panic. The same body runs under libFuzzer in fuzz/ (`scripts/fuzz.sh`).

use crate::support::{decide, Command, Event, EventEnvelope, Game};
use bagless_store::exchange::{parse_game_export, GameExport, EXPORT_FORMAT, EXPORT_VERSION};

type ExportFile = GameExport<Event>;

fn parse_export(bytes: &[u8]) -> Result<ExportFile, bagless_store::exchange::ImportError> {
    parse_game_export(bytes)
}
use chrono::{TimeZone, Utc};

const INPUTS: usize = 20_000;

/// xorshift64*: a fixed, dependency-free sequence, the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn export() -> Vec<u8> {
    let now = Utc.with_ymd_and_hms(2026, 11, 20, 21, 0, 0).unwrap();
    let create = Command::CreateGame {
        players: vec!["Ana".into(), "Bruno".into(), "Chiara".into()],
        target: 12,
    };
    let mut events = decide(&Game::default(), &create, now, 1);
    for (player, face) in [(0, 6), (1, 2), (2, 5), (0, 6)] {
        events.push(Event::Rolled { player, face });
    }
    events.push(Event::Won { player: 0 });
    events.push(Event::Undone { seq: 5 });
    let file = ExportFile {
        format: EXPORT_FORMAT.into(),
        version: EXPORT_VERSION,
        exported_at: now,
        app_version: "0.1.0".into(),
        name: "Friday race".into(),
        game: "dice_race".into(),
        pack_id: "dice-race".into(),
        id: None,
        events: (1..)
            .zip(events)
            .map(|(seq, event)| EventEnvelope {
                seq,
                recorded_at: now,
                event,
                by: None,
            })
            .collect(),
    };
    serde_json::to_vec_pretty(&file).unwrap()
}

/// Tokens that steer mutations towards the parser's interesting corners.
const TOKENS: &[&[u8]] = &[
    b"{",
    b"}",
    b"[",
    b"]",
    b"\"",
    b",",
    b":",
    b"null",
    b"true",
    b"-1",
    b"4294967296",
    b"1e999",
    b"\"\\u0000\"",
    b"\"\\ud800\"",
    b"\"version\": 99",
    b"\"seq\": 0",
    b"\"type\": \"redone\"",
    b"\"type\": \"no_such_kind\"",
    b"9999-12-31T23:59:59Z",
    b"+262142-01-01T00:00:00Z",
    "é\u{1F5E1}".as_bytes(),
    b"\xff\xfe",
];

fn mutate(rng: &mut Rng, seed: &[u8]) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    for _ in 0..=rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(6) {
            0 => bytes.truncate(at),
            1 if at < bytes.len() => bytes[at] ^= 1 << rng.below(8),
            2 => {
                let token = TOKENS[rng.below(TOKENS.len())];
                bytes.splice(at..at, token.iter().copied());
            }
            3 => {
                let end = (at + rng.below(64)).min(bytes.len());
                bytes.drain(at..end);
            }
            4 => {
                // Repeat a stretch of the file somewhere else.
                let from = rng.below(bytes.len());
                let end = (from + rng.below(200)).min(bytes.len());
                let piece = bytes[from..end].to_vec();
                let at = rng.below(bytes.len() + 1);
                bytes.splice(at..at, piece);
            }
            _ => {
                let random: Vec<u8> = (0..rng.below(16)).map(|_| rng.next() as u8).collect();
                bytes.splice(at..at, random);
            }
        }
    }
    bytes
}

/// What the fuzz target checks for one input.
fn check(bytes: &[u8]) {
    match parse_export(bytes) {
        Ok(file) => {
            // What parses writes back and parses again the same.
            let again = serde_json::to_vec(&file).unwrap();
            assert_eq!(parse_export(&again).unwrap(), file);
        }
        Err(error) => assert!(!error.to_string().trim().is_empty()),
    }
}

#[test]
fn the_import_parser_never_panics_on_hostile_bytes() {
    let seed = export();
    assert!(parse_export(&seed).is_ok(), "the seed export is good");
    let mut rng = Rng(0x5EED_BA61_E55D_A7A5);
    let mut refused = 0usize;
    for i in 0..INPUTS {
        let input = if i % 10 == 0 {
            (0..rng.below(512)).map(|_| rng.next() as u8).collect()
        } else {
            mutate(&mut rng, &seed)
        };
        let outcome = std::panic::catch_unwind(|| check(&input));
        assert!(
            outcome.is_ok(),
            "input {i} panicked: {:?}",
            String::from_utf8_lossy(&input)
        );
        refused += usize::from(parse_export(&input).is_err());
    }
    // The mutations reach past the first syntax error most of the time.
    assert!(
        refused > INPUTS / 4 && refused < INPUTS,
        "{refused} refused"
    );
}
