//! The refusals the real packs cannot meet yet, met on the real core box
//! (campaigns/core/pack.json) edited inside the test the way a later pack
//! could be: skill cards listed for a level, a memory without a 100% sync
//! objective, a fifth assassin in the box. Grouped by the heading of the
//! rules summary each one rests on.

use crate::table;

use bagless_bov::board::SkillChoice;
use bagless_bov::campaign::{Campaign, Command, Outcome};
use bagless_bov::pack::{PackAssassin, PackSkill};
use bagless_bov::{Pack, RuleCode, Section};
use table::{attempt, pack, Table};

/// A campaign of `pack` (the core box, edited) with these assassins.
fn table_of(pack: Pack, assassins: &[&str]) -> Table {
    let mut table = Table {
        pack,
        state: Campaign::default(),
        log: Vec::new(),
    };
    table.run(Command::Create {
        name: "Venice".into(),
        pack_id: "core".into(),
        assassins: assassins.iter().map(|s| s.to_string()).collect(),
    });
    table
}

/// LEVELING UP AND SKILLS: "Take the 3 skill cards matching the new level
/// out of each assassin's envelope, choose one … (leave the other 2 inside
/// their envelope)." A pack that lists an assassin's cards for a level
/// offers only those three.
mod leveling_up_and_skills {
    use super::*;

    /// The core box with Alessandra's three level I skill cards listed, the
    /// last one marked "Lvl. II headquarters required".
    fn core_with_alessandra_s_skills() -> Pack {
        let mut pack = pack("core");
        let alessandra = pack
            .assassins
            .iter_mut()
            .find(|a| a.id == "alessandra")
            .expect("Alessandra is in the core box");
        alessandra.skills = [
            ("Eagle Eye", None),
            ("Smoke Bomb", None),
            ("Ambush", Some(2)),
        ]
        .into_iter()
        .map(|(name, hq_level_required)| PackSkill {
            level: 1,
            name: name.into(),
            hq_level_required,
        })
        .collect();
        pack
    }

    fn at_level_one() -> Table {
        let mut table = table_of(core_with_alessandra_s_skills(), &["alessandra"]);
        let mut input = attempt("0.1", Outcome::Success);
        input.xp.mandatory = 25;
        table.run(Command::RecordAttempt(input));
        assert_eq!(table.state.level(), 1);
        table
    }

    fn choose(name: &str, hq_level_required: Option<u8>) -> Command {
        Command::ChooseSkill {
            assassin: "alessandra".into(),
            level: 1,
            name: name.into(),
            hq_level_required,
        }
    }

    #[test]
    fn a_skill_card_is_one_of_the_three_of_the_assassin_s_envelope() {
        let table = at_level_one();
        let v = table.refusal(choose(" Blade Dance ", None));
        assert_eq!(v.code, RuleCode::SkillNotOffered);
        assert_eq!(v.section, Section::LevelingUpAndSkills);
        assert_eq!(v.params["skill"], "Blade Dance");
        assert_eq!(v.params["level"], "I");
        assert_eq!(v.params["choices"], "Eagle Eye, Smoke Bomb, Ambush");
        // The card's name as the pack spells it, no other.
        let v = table.refusal(choose("eagle eye", None));
        assert_eq!(v.code, RuleCode::SkillNotOffered);
        assert_eq!(v.params["skill"], "eagle eye");
    }

    #[test]
    fn a_listed_skill_card_keeps_the_hq_level_printed_on_it() {
        let mut table = at_level_one();
        // Typed without the HQ level: the pack's card says Lvl. II.
        table.run(choose("Ambush", None));
        assert_eq!(
            table.state.roster["alessandra"].skills.get(&1),
            Some(&SkillChoice::Chosen {
                name: "Ambush".into(),
                hq_level_required: Some(2),
            })
        );
    }
}

/// CAMPAIGN: "Each time you successfully complete a memory, if you complete
/// the optional 100% sync objective, place the corresponding sticker on its
/// spot in the Diary of Memories": a memory without that objective has no
/// spot for it.
mod campaign {
    use super::*;

    /// The core box with memory 0.2 printed without a 100% sync objective.
    fn core_without_sync_in_0_2() -> Pack {
        let mut pack = pack("core");
        let memory = pack
            .sequences
            .iter_mut()
            .flat_map(|s| s.memories.iter_mut())
            .find(|m| m.id == "0.2")
            .expect("memory 0.2 is in the core box");
        memory.sync = false;
        pack
    }

    #[test]
    fn a_memory_without_a_sync_objective_earns_no_100_percent_sync() {
        let mut table = table_of(core_without_sync_in_0_2(), &["alessandra"]);
        let mut synced = attempt("0.1", Outcome::Success);
        synced.sync_met = true;
        table.run(Command::RecordAttempt(synced));
        let mut claimed = attempt("0.2", Outcome::Success);
        claimed.sync_met = true;
        let v = table.refusal(Command::RecordAttempt(claimed.clone()));
        assert_eq!(v.code, RuleCode::SyncUnknown);
        assert_eq!(v.section, Section::Campaign);
        assert_eq!(v.params["memory"], "0.2");
        // Won without claiming it, the memory is recorded.
        claimed.sync_met = false;
        table.run(Command::RecordAttempt(claimed));
    }
}

/// ADJUSTING THE NUMBER OF PLAYERS: "Between 2 memories … you can change
/// the number of assassins of a campaign that is in progress"; a campaign
/// plays 1 to 4 assassins, so a box with a fifth leaves one out.
mod adjusting_the_number_of_players {
    use super::*;

    /// The core box with a fifth assassin in it.
    fn core_with_five_assassins() -> Pack {
        let mut pack = pack("core");
        pack.assassins.push(PackAssassin {
            id: "lucia".into(),
            name: "Lucia".into(),
            skills: vec![],
        });
        pack
    }

    #[test]
    fn a_fifth_assassin_joins_no_campaign_of_four() {
        let four = ["alessandra", "bastiano", "claudio", "daria"];
        let mut table = table_of(core_with_five_assassins(), &four);
        let join = Command::JoinAssassin {
            assassin: "lucia".into(),
        };
        let v = table.refusal(join.clone());
        assert_eq!(v.code, RuleCode::AssassinsFull);
        assert_eq!(v.section, Section::AdjustingTheNumberOfPlayers);
        assert_eq!(v.params["max"], "4");
        // Swapped in for one of the four, Lucia plays.
        table.run(Command::SwapAssassin {
            leaving: "daria".into(),
            joining: "lucia".into(),
        });
        assert!(table.state.in_play("lucia"));
        assert_eq!(table.state.assassins.len(), 4);
        // Once one leaves, the one left out joins.
        table.run(Command::LeaveAssassin {
            assassin: "claudio".into(),
        });
        table.run(Command::JoinAssassin {
            assassin: "daria".into(),
        });
        assert_eq!(table.state.assassins.len(), 4);
        let v = table.refusal(Command::JoinAssassin {
            assassin: "claudio".into(),
        });
        assert_eq!(v.code, RuleCode::AssassinsFull);
    }
}
