//! Why a command was refused, in the players' words, and where the rulebook
//! says so. Each game declares its own codes (its UI catalogue's keys) and
//! its own sections (the headings of its rulebook) with [`rule_codes!`].

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use ts_rs::TS;

/// A game's rule codes: each spelled as the catalogue spells it, each
/// listing the params its message may use.
pub trait Code: Copy + std::fmt::Debug {
    fn as_str(self) -> &'static str;
    fn params(self) -> &'static [&'static str];
}

/// Declares a game's rule codes, `Name "snake_name" [params]`, as an enum
/// exported to TypeScript that implements [`Code`].
#[macro_export]
macro_rules! rule_codes {
    ($(#[$meta:meta])* $vis:vis enum $enum:ident { $($code:ident $name:literal [$($param:ident),*]),* $(,)? }) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize, ts_rs::TS)]
        #[serde(rename_all = "snake_case")]
        $(#[$meta])*
        $vis enum $enum {
            $($code),*
        }

        impl $enum {
            /// Every code, in declaration order.
            pub const ALL: &'static [$enum] = &[$($enum::$code),*];

            /// The code as the catalogue spells it ("memory_done").
            pub fn as_str(self) -> &'static str {
                match self {
                    $($enum::$code => $name),*
                }
            }

            /// The params a refusal with this code may carry.
            pub fn params(self) -> &'static [&'static str] {
                match self {
                    $($enum::$code => &[$(stringify!($param)),*]),*
                }
            }
        }

        impl $crate::Code for $enum {
            fn as_str(self) -> &'static str {
                $enum::as_str(self)
            }

            fn params(self) -> &'static [&'static str] {
                $enum::params(self)
            }
        }

        impl PartialEq<&str> for $enum {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl std::fmt::Display for $enum {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

/// A refused command. `code` names the rule for the UI's message catalogue,
/// `params` fill its placeholders, `section` is the rulebook heading behind
/// it, and `message` is the English sentence for logs and for a catalogue
/// that lacks the code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Refusal<C, S> {
    pub code: C,
    pub message: String,
    pub params: BTreeMap<String, String>,
    /// The rulebook section behind the refusal, quoted to the players.
    pub section: S,
}

impl<C: Code, S> Refusal<C, S> {
    /// The one way to refuse: which rule, where the rulebook says it, and
    /// the sentence in English.
    pub fn new(code: C, section: S, message: impl Into<String>) -> Self {
        Refusal {
            code,
            message: message.into(),
            params: BTreeMap::new(),
            section,
        }
    }

    /// Adds a param of the message. Each code lists the params it may carry
    /// ([`Code::params`]); another is a mistake in the rules crate, caught
    /// by any test that meets it.
    pub fn with(mut self, key: &str, value: impl ToString) -> Self {
        debug_assert!(
            self.code.params().contains(&key),
            "{:?} does not list the param {key}",
            self.code
        );
        self.params.insert(key.to_string(), value.to_string());
        self
    }

    /// Adds a param that names one of the game's things by its id, as serde
    /// spells it ("command_room"): the UI words it in the players' language.
    pub fn with_id(self, key: &str, id: impl Serialize) -> Self {
        let id = match serde_json::to_value(id) {
            Ok(serde_json::Value::String(id)) => id,
            other => other.map(|v| v.to_string()).unwrap_or_default(),
        };
        self.with(key, id)
    }
}

impl<C, S: Serialize> Refusal<C, S> {
    /// The heading of the rulebook section behind the refusal, as the
    /// rulebook prints it (its serde name: "COMBAT", "REPLAYING A MEMORY").
    pub fn heading(&self) -> String {
        match serde_json::to_value(&self.section) {
            Ok(serde_json::Value::String(heading)) => heading,
            other => other.map(|v| v.to_string()).unwrap_or_default(),
        }
    }
}

/// A rules crate's refusal, as a log decided again reports it
/// ([`crate::Why::Refused`]): its sentence in English (`Display`) and the
/// heading of the rulebook section it rests on, so that a file refused at
/// import names where the players can look the rule up.
pub trait RuleRefusal: std::fmt::Display {
    /// The rulebook heading behind the refusal, as printed.
    fn section(&self) -> String;
}

impl<C, S: Serialize> RuleRefusal for Refusal<C, S> {
    fn section(&self) -> String {
        self.heading()
    }
}

impl<C, S> std::fmt::Display for Refusal<C, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::rule_codes! {
        enum Sample {
            Plain "plain" [],
            WithCount "with_count" [count],
        }
    }

    #[test]
    fn each_code_is_spelled_as_serde_writes_it_and_lists_its_params() {
        for code in Sample::ALL {
            assert_eq!(serde_json::to_value(code).unwrap(), code.as_str());
        }
        assert_eq!(Sample::WithCount.params(), &["count"]);
        let refusal = Refusal::new(Sample::WithCount, "SECTION", "Too many.").with("count", 3);
        assert_eq!(refusal.params["count"], "3");
        assert_eq!(refusal.to_string(), "Too many.");
        assert_eq!(refusal.heading(), "SECTION");
        assert_eq!(RuleRefusal::section(&refusal), "SECTION");
    }
}
