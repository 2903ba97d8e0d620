//! Any bytes given to the import parser give an export or a clean error,
//! never a panic; what parses writes back and parses again the same.
#![no_main]

use bagless_exchange::{parse_game_export, GameExport, ImportError};

fn parse_export(
    bytes: &[u8],
) -> Result<GameExport<bagless_bov::campaign::Event>, ImportError> {
    parse_game_export(bytes)
}
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match parse_export(data) {
        Ok(file) => {
            let again = serde_json::to_vec(&file).expect("an export serializes");
            assert_eq!(parse_export(&again).expect("written back, read again"), file);
        }
        Err(error) => assert!(!error.to_string().trim().is_empty()),
    }
});
