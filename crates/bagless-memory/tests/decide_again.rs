//! Issue 29, "Every file decided again": a memory's log read from a file
//! is believed only once every entry, decided again through the rules with
//! what chance gave taken from the log, gives exactly what follows it, and
//! what always holds holds after every event. A log the rules wrote is
//! believed, undos, redos and going back included; a tampered one (a
//! count, a die's face, a derived event removed, an event moved, a pile
//! that is not the cards shuffled) is refused, naming its entry.

use crate::support;

use bagless_game::{decide_log_again, Disbelieved, Envelope, Rules, Why};
use bagless_memory::*;
use chrono::{DateTime, Utc};
use proptest::prelude::*;
use support::moves::{command, moves, Move};
use support::*;

const EDITION: u32 = <Game as Rules>::EDITION;

fn believed(log: &[Envelope<Event>]) -> Game {
    decide_log_again::<Game>(log).unwrap_or_else(|refused| panic!("{refused}"))
}

#[track_caller]
fn disbelieved(log: &[Envelope<Event>]) -> Disbelieved {
    decide_log_again::<Game>(log).expect_err("a tampered log was believed")
}

/// The refusal of the entry at `at`, decided again from the memory the
/// log before it gives.
#[track_caller]
fn refusal_at(log: &[Envelope<Event>], at: usize) -> RuleViolation {
    let before = believed(&log[..at]);
    let end = (at + 1..log.len())
        .find(|i| !log[*i].event.is_derived())
        .unwrap_or(log.len());
    let recorded: Vec<Event> = log[at..end].iter().map(|e| e.event.clone()).collect();
    before
        .decide_again(&recorded, DateTime::<Utc>::UNIX_EPOCH)
        .expect_err("the entry was accepted")
}

/// Where the first event matching `pred` is.
#[track_caller]
fn find(log: &[Envelope<Event>], pred: impl Fn(&Event) -> bool) -> usize {
    log.iter()
        .position(|e| pred(&e.event))
        .expect("the memory played has such an event")
}

/// The entry an event belongs to: itself, or the last entry before it.
fn entry_of(log: &[Envelope<Event>], at: usize) -> u32 {
    log[..=at]
        .iter()
        .rev()
        .find(|e| !e.event.is_derived())
        .map(|e| e.seq)
        .unwrap_or(0)
}

fn bagless(assassin: &str, weapon: &str) -> AttackerInput {
    AttackerInput {
        assassin: assassin.into(),
        weapon: weapon.into(),
        faces: None,
        on_target_square: true,
    }
}

/// A memory of 3 assassins with every kind of entry, some dice and cards
/// Bagless's, some entered at the table; two new piles made from the
/// discard (at the table, then by Bagless); an assassin eliminated at the
/// end of a turn; then an end, an undo, a redo and going back.
fn played() -> Table {
    played_under(EDITION)
}

/// [`played`] under edition `edition` of the rules. Edition 2 eliminates
/// as the END OF TURN PHASE ends ("before the end of the next game
/// turn"), so that memory plays one more turn before it ends.
fn played_under(edition: u32) -> Table {
    let mut t = Table::with(under_edition(start_command(3), edition), Some(11));
    t.advance();
    t.run(Command::SpendCubes {
        assassin: "ezio".into(),
        count: 2,
    });
    // Entered at the table; the agile falls, the elite retaliates, and
    // Bagless rolls its black dice.
    t.attack(
        vec![attacker("daria", "sword", &[Riposte, Hit, Blank])],
        &["elite", "agile"],
    );
    t.run(Command::AssignHits {
        hits: None,
        bonus_hits: 0,
    });
    t.run(Command::RollRiposte { hits: None });
    t.advance();
    t.reinforce(None);
    t.advance();
    t.run(Command::EnterSquare {
        entrance: Some(Entrance::A),
        enemies: 1,
        bodies: 2,
        entering: 3,
        incognito: vec!["ezio".into()],
    });
    t.run(Command::DetectionTest {
        assassin: Some("ezio".into()),
        dice: 4,
        faces: None,
    });
    t.seed = None;
    // Edition 3 rolls the dice the entry calls for ("Each Agile rolls 1
    // die for each Body": 3 guards, 2 bodies); earlier ones took any count.
    let body_dice = if edition >= 3 { 6 } else { 2 };
    t.run(Command::DetectionTest {
        assassin: None,
        dice: body_dice,
        faces: Some(vec![DetectionFace::Blank; usize::from(body_dice)]),
    });
    for turn in 0..16 {
        t.seed = (turn % 3 != 1).then_some(100 + turn);
        t.advance_to(Step::Reinforcement);
        t.reinforce(None);
        t.advance();
    }
    t.seed = Some(3);
    t.advance_to(Step::Assassin);
    t.attack(vec![bagless("fabio", "hidden_blade")], &["elite"]);
    // Edition 3: hits added only with a special ability rolled.
    let special = t.game.attack.as_ref().unwrap().attackers[0].special;
    t.run(Command::AssignHits {
        hits: Some(vec![0]),
        bonus_hits: u8::from(edition < 3 || special),
    });
    t.seed = None;
    if let Some(attack) = t.game.open_attack() {
        let hits = attack.riposte.iter().map(|s| s.dice.min(1)).collect();
        t.run(Command::RollRiposte { hits: Some(hits) });
    }
    let ezio = from_afar(attacker("ezio", "throwing_knife", &[Riposte]));
    t.attack(vec![ezio], &["crossbowman"]);
    t.run(Command::AssignHits {
        hits: Some(vec![0]),
        bonus_hits: 0,
    });
    t.run(Command::RollRiposte {
        hits: Some(vec![1]),
    });
    t.run(Command::SetCondition {
        assassin: "fabio".into(),
        condition: Condition::Critical,
    });
    let cubes = t.assassin("daria").cubes;
    t.run(Command::Adjust {
        assassin: "daria".into(),
        cubes: (cubes + 1) % 4,
        saved: false,
        reason: "miscounted".into(),
    });
    t.run(Command::SetBoxValue {
        key: "enemy.brute.health".into(),
        value: num(2),
    });
    t.run(Command::SetDifficulty { easy: true });
    t.run(Command::SetEntrances {
        entrances: vec![Entrance::A, Entrance::C],
    });
    t.run(Command::SetAlert { on: !t.game.alert });
    t.seed = Some(5);
    t.advance_to(Step::EndOfTurn);
    t.advance_to(Step::Assassin);
    t.run(Command::SaveCube {
        assassin: "ezio".into(),
    });
    t.advance_to(Step::EndOfTurn);
    if edition >= 2 {
        t.advance();
        t.advance_to(Step::EndOfTurn);
    }
    t.run(Command::EndMemory {
        reason: EndReason::FailureCondition,
    });
    t.undo().unwrap();
    t.redo().unwrap();
    t.undo().unwrap();
    t.jump_back(2).unwrap();
    t
}

#[test]
fn a_memory_played_is_believed_when_decided_again() {
    for edition in 1..=EDITION {
        a_memory_played_under(edition);
    }
}

/// Under edition 1 (an export written before issue 30) as under edition 2.
fn a_memory_played_under(edition: u32) {
    let table = played_under(edition);
    let events = |pred: fn(&Event) -> bool| table.log.iter().filter(|e| pred(&e.event)).count();
    // The memory played is the one described.
    assert_eq!(
        events(|e| matches!(
            e,
            Event::ReinforcementDrawn {
                reshuffled: Some(_),
                by_bagless: true,
                ..
            }
        )),
        1
    );
    assert_eq!(
        events(|e| matches!(
            e,
            Event::ReinforcementDrawn {
                reshuffled: Some(_),
                by_bagless: false,
                ..
            }
        )),
        1
    );
    assert_eq!(events(|e| matches!(e, Event::AssassinEliminated { .. })), 1);
    assert_eq!(events(|e| matches!(e, Event::EntryRedone { .. })), 1);
    assert!(events(|e| matches!(e, Event::EntryUndone { .. })) >= 3);
    let state = believed(&table.log);
    assert_eq!(state, table.game);
    assert_eq!(state, replay(&table.log));
    assert!(state.invariants().is_empty());
}

/// A memory whose players shuffled the pile at the table starts with it
/// in order; any order of the 8 cards is one Bagless could shuffle.
#[test]
fn a_pile_shuffled_at_the_table_or_by_bagless_is_believed() {
    let mut table = Table::new(2);
    table.advance_to(Step::Reinforcement);
    table.reinforce(None);
    assert_eq!(believed(&table.log), table.game);
    let Event::MemoryStarted { pile, .. } = &mut table.log[0].event else {
        panic!("the memory starts");
    };
    assert_eq!(*pile, (1..=8).collect::<Vec<u8>>());
    pile.reverse();
    let at = find(&table.log, |e| {
        matches!(e, Event::ReinforcementDrawn { .. })
    });
    assert!(matches!(
        table.log[at].event,
        Event::ReinforcementDrawn {
            card: 1,
            by_bagless: false,
            ..
        }
    ));
    // Drawn at the table: any card of the pile.
    believed(&table.log);
}

#[test]
fn a_count_changed_is_refused_naming_its_entry() {
    let log = played().log;

    // The guards placed: the card's column says 1.
    let mut guards = log.clone();
    let at = find(&guards, |e| matches!(e, Event::ReinforcementsPlaced { .. }));
    if let Event::ReinforcementsPlaced { guards: placed, .. } = &mut guards[at].event {
        placed[0].count = 4;
    }
    let refused = disbelieved(&guards);
    assert_eq!((refused.seq, &refused.why), (guards[at].seq, &Why::Differs));
    assert!(refused
        .to_string()
        .contains(&format!("entry {} (1970-01-01 00:00)", guards[at].seq)));

    // The guards that fit on a square.
    let mut entered = log.clone();
    let at = find(&entered, |e| matches!(e, Event::SquareEntered { .. }));
    if let Event::SquareEntered { entry } = &mut entered[at].event {
        entry.entered += 1;
    }
    assert_eq!(disbelieved(&entered).seq, entered[at].seq);

    // The hits an attack rolled.
    let mut hits = log.clone();
    let at = find(&hits, |e| matches!(e, Event::AttackRolled { .. }));
    if let Event::AttackRolled { attack } = &mut hits[at].event {
        attack.attackers[0].hits += 1;
    }
    assert_eq!(disbelieved(&hits).seq, hits[at].seq);

    // Cubes no action costs: the rules refuse the entry itself.
    let mut cubes = log.clone();
    let at = find(&cubes, |e| matches!(e, Event::CubesSpent { .. }));
    if let Event::CubesSpent { grouped, .. } = &mut cubes[at].event {
        *grouped = 9;
    }
    let refused = disbelieved(&cubes);
    assert_eq!(refused.seq, cubes[at].seq);
    assert!(matches!(refused.why, Why::Refused { .. }));
    assert_eq!(refusal_at(&cubes, at).code, RuleCode::CubeCount);
}

#[test]
fn a_die_face_changed_is_refused_naming_its_entry() {
    let log = played().log;

    // A face Bagless rolled for an attack: the hits no longer follow.
    let mut attack = log.clone();
    let at = find(
        &attack,
        |e| matches!(e, Event::AttackRolled { attack } if attack.attackers[0].by_bagless),
    );
    if let Event::AttackRolled { attack: rolled } = &mut attack[at].event {
        let face = &mut rolled.attackers[0].faces[0];
        *face = if matches!(face, Hit | Special) {
            Blank
        } else {
            Hit
        };
    }
    assert_eq!(
        (disbelieved(&attack).seq, disbelieved(&attack).why),
        (attack[at].seq, Why::Differs)
    );

    // A face entered at the table, the counts left as they were.
    let mut entered = log.clone();
    let at = find(
        &entered,
        |e| matches!(e, Event::AttackRolled { attack } if !attack.attackers[0].by_bagless),
    );
    if let Event::AttackRolled { attack } = &mut entered[at].event {
        attack.attackers[0].faces[1] = Blank;
    }
    assert_eq!(disbelieved(&entered).seq, entered[at].seq);

    // A detection die Bagless rolled.
    let mut detection = log.clone();
    let at = find(
        &detection,
        |e| matches!(e, Event::DetectionRolled { detection } if detection.by_bagless),
    );
    if let Event::DetectionRolled { detection: rolled } = &mut detection[at].event {
        if rolled.detected {
            for face in &mut rolled.faces {
                *face = DetectionFace::Blank;
            }
        } else {
            rolled.faces[0] = DetectionFace::Detected;
        }
    }
    assert_eq!(disbelieved(&detection).seq, detection[at].seq);

    // A black die of the retaliation Bagless rolled.
    let mut black = log.clone();
    let at = find(
        &black,
        |e| matches!(e, Event::RiposteRolled { shares } if !shares[0].faces.is_empty()),
    );
    if let Event::RiposteRolled { shares } = &mut black[at].event {
        let face = &mut shares[0].faces[0];
        *face = match face {
            BlackFace::Hit => BlackFace::Fail,
            BlackFace::Fail => BlackFace::Hit,
        };
    }
    assert_eq!(disbelieved(&black).seq, black[at].seq);

    // A die of the wrong number of faces.
    let mut count = log.clone();
    if let Event::RiposteRolled { shares } = &mut count[at].event {
        shares[0].faces.push(BlackFace::Fail);
    }
    assert_eq!(disbelieved(&count).seq, count[at].seq);
    assert_eq!(refusal_at(&count, at).code, RuleCode::DiceCount);
}

/// A face the die does not bear, as the box describes it, is one Bagless
/// could not have rolled.
#[test]
fn a_face_the_die_does_not_bear_is_refused() {
    let mut table = Table::with(start_command(2), Some(4));
    table.run(Command::SetBoxValue {
        key: "die.detection.detected_in_alert".into(),
        value: num(0),
    });
    // 3 guards enter beside 2 bodies: 1 removed, 3 dice.
    table.run(Command::EnterSquare {
        entrance: None,
        enemies: 0,
        bodies: 2,
        entering: 3,
        incognito: vec![],
    });
    table.run(Command::DetectionTest {
        assassin: None,
        dice: 3,
        faces: None,
    });
    let mut log = table.log.clone();
    let at = find(&log, |e| matches!(e, Event::DetectionRolled { .. }));
    if let Event::DetectionRolled { detection } = &mut log[at].event {
        detection.faces[0] = DetectionFace::DetectedInAlert;
    }
    let refused = disbelieved(&log);
    assert_eq!(refused.seq, log[at].seq);
    let refusal = refusal_at(&log, at);
    assert_eq!(refusal.code, RuleCode::FaceNotOnDie);
    assert_eq!(refusal.section, Section::DetectionTest);
}

#[test]
fn a_derived_event_removed_is_refused_naming_its_entry() {
    let log = played().log;
    for pred in [
        (|e: &Event| matches!(e, Event::ReinforcementDiscarded { .. })) as fn(&Event) -> bool,
        |e| matches!(e, Event::UnusedCubesRemoved),
        |e| matches!(e, Event::CubesPlaced { .. }),
        |e| matches!(e, Event::AssassinEliminated { .. }),
        |e| matches!(e, Event::AlertTriggered { .. }),
        |e| matches!(e, Event::AssassinExposed { .. }),
    ] {
        let mut removed = log.clone();
        let at = find(&removed, pred);
        let entry = entry_of(&removed, at);
        removed.remove(at);
        let refused = disbelieved(&removed);
        assert_eq!(
            (refused.seq, refused.why),
            (entry, Why::Differs),
            "{:?}",
            log[at].event
        );
    }
}

#[test]
fn an_event_moved_is_refused_naming_its_entry() {
    let log = played().log;

    // A derived event moved after the next entry: its own entry lacks it.
    let mut later = log.clone();
    let at = find(&later, |e| matches!(e, Event::UnusedCubesRemoved));
    let entry = entry_of(&later, at);
    let moved = later.remove(at);
    later.insert(at + 1, moved);
    assert_eq!(
        (disbelieved(&later).seq, disbelieved(&later).why),
        (entry, Why::Differs)
    );

    // The guards placed before the card is drawn.
    let mut swapped = log.clone();
    let at = find(&swapped, |e| matches!(e, Event::ReinforcementDrawn { .. }));
    assert!(matches!(
        swapped[at + 1].event,
        Event::ReinforcementsPlaced { .. }
    ));
    swapped.swap(at, at + 1);
    let refused = disbelieved(&swapped);
    assert_eq!(refused.seq, log[at + 1].seq);
    assert_eq!(refusal_at(&swapped, at).code, RuleCode::DrawFirst);
    assert_eq!(
        refusal_at(&swapped, at).section,
        Section::EnemyReinforcement
    );

    // An undo moved before the entry it takes back.
    let mut marker = log.clone();
    let at = find(&marker, |e| matches!(e, Event::EntryUndone { .. }));
    let undo = marker.remove(at);
    marker.insert(at - 1, undo);
    assert_eq!(disbelieved(&marker).why, Why::Marker);
}

#[test]
fn a_card_or_a_pile_bagless_could_not_give_is_refused() {
    let log = played().log;

    // Bagless draws the top of the pile as the memory knows it.
    let mut card = log.clone();
    let at = find(&card, |e| {
        matches!(
            e,
            Event::ReinforcementDrawn {
                by_bagless: true,
                reshuffled: None,
                ..
            }
        )
    });
    let pile = believed(&card[..at]).deck.pile;
    assert!(pile.len() >= 2);
    if let Event::ReinforcementDrawn { card: drawn, .. } = &mut card[at].event {
        *drawn = pile[1];
    }
    assert_eq!(
        (disbelieved(&card).seq, disbelieved(&card).why),
        (card[at].seq, Why::Differs)
    );

    // A new pile holds exactly the discard.
    let mut reshuffle = log.clone();
    let at = find(&reshuffle, |e| {
        matches!(
            e,
            Event::ReinforcementDrawn {
                by_bagless: true,
                reshuffled: Some(_),
                ..
            }
        )
    });
    if let Event::ReinforcementDrawn {
        reshuffled: Some(pile),
        ..
    } = &mut reshuffle[at].event
    {
        pile[1] = pile[0];
    }
    assert_eq!(disbelieved(&reshuffle).seq, reshuffle[at].seq);
    let refusal = refusal_at(&reshuffle, at);
    assert_eq!(refusal.code, RuleCode::PileNotShuffled);
    assert_eq!(refusal.section, Section::ReinforcementStep);

    // A pile made again while cards are left in it.
    let mut early = log.clone();
    let at = find(&early, |e| {
        matches!(
            e,
            Event::ReinforcementDrawn {
                reshuffled: None,
                ..
            }
        )
    });
    let pile = believed(&early[..at]).deck.pile;
    if let Event::ReinforcementDrawn { reshuffled, .. } = &mut early[at].event {
        *reshuffled = Some(pile);
    }
    assert_eq!(disbelieved(&early).seq, early[at].seq);

    // The set-up's pile: the 8 cards, each once.
    let mut nine = log.clone();
    if let Event::MemoryStarted { pile, .. } = &mut nine[0].event {
        pile.push(9);
    }
    let refused = disbelieved(&nine);
    assert_eq!(refused.seq, 1);
    assert_eq!(refusal_at(&nine, 0).code, RuleCode::PileNotShuffled);
    assert_eq!(refusal_at(&nine, 0).section, Section::Setup);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any memory played through `decide`, undos, redos and going back
    /// included, Bagless rolling or the players entering, is believed and
    /// gives the same memory; without any one of its derived events it is
    /// refused, naming the entry that derived it.
    #[test]
    fn random_memories_are_believed_and_a_derived_event_removed_is_named(
        assassins in 1usize..=4,
        seed in any::<u64>(),
        entered in any::<bool>(),
        shuffled_at_table in any::<bool>(),
        steps in moves(300),
        pick in any::<prop::sample::Index>(),
    ) {
        let start = (!shuffled_at_table).then_some(seed);
        let mut table = Table::with(start_command(assassins), start);
        for (i, step) in steps.into_iter().enumerate() {
            table.seed = (!entered || !i.is_multiple_of(3)).then_some(seed.wrapping_add(i as u64));
            match step {
                Move::Cmd(op, a, b, c) => {
                    let command = command(&table.game, op, a, b, c);
                    let _ = table.try_run(command);
                }
                Move::Undo => {
                    let _ = table.undo();
                }
                Move::UndoRedo => {
                    if table.undo().is_ok() {
                        table.redo().expect("redo after undo");
                    }
                }
                Move::JumpBack(pick) => {
                    table.jump_back(pick);
                }
            }
        }
        prop_assert_eq!(decide_log_again::<Game>(&table.log), Ok(table.game.clone()));

        let derived: Vec<usize> = (0..table.log.len())
            .filter(|i| table.log[*i].event.is_derived())
            .collect();
        if !derived.is_empty() {
            let at = derived[pick.index(derived.len())];
            let entry = entry_of(&table.log, at);
            let mut removed = table.log.clone();
            removed.remove(at);
            let refused = decide_log_again::<Game>(&removed);
            prop_assert_eq!(refused.map_err(|d| (d.seq, d.why)), Err((entry, Why::Differs)));
        }
    }
}

/// Rules editions (issue 30): a memory recorded under edition 1 moves to
/// Bagless's edition at the start of a game turn ("GAME TURN": "1. EVENT
/// PHASE" begins it), never within one; the step recorded there is
/// believed, one recorded within a turn is refused.
#[test]
fn an_edition_1_memory_moves_to_edition_2_only_at_the_start_of_a_turn() {
    let mut table = Table::edition_1(2);
    assert_eq!(table.game.edition, 1);
    table.advance();
    assert_eq!(table.game.edition_step(), None, "within a turn");
    let mut tampered = table.log.clone();
    push(
        &mut tampered,
        Event::EditionChanged {
            from: 1,
            to: EDITION,
        },
    );
    let refused = disbelieved(&tampered);
    assert!(matches!(refused.why, Why::Refused { .. }), "{refused}");
    let refusal = refusal_at(&tampered, tampered.len() - 1);
    assert_eq!(refusal.code, RuleCode::EditionNotDue);

    table.advance_to(Step::EndOfTurn);
    table.advance();
    let step = table.game.edition_step().expect("due at the turn's start");
    assert_eq!(
        step,
        vec![Event::EditionChanged {
            from: 1,
            to: EDITION
        }]
    );
    table.push(&step);
    assert_eq!(table.game.edition, EDITION);
    assert_eq!(table.game.edition_step(), None);
    table.advance();
    table.run(Command::SetCondition {
        assassin: "ezio".into(),
        condition: Condition::LeftMap,
    });
    assert_eq!(table.assassin("ezio").cubes, 2, "edition 2's cube");
    assert_eq!(believed(&table.log), table.game);
    // Undone, the memory plays edition 1 again.
    table.undo().unwrap();
    table.undo().unwrap();
    table.undo().unwrap();
    assert_eq!(table.game.edition, 1);
}

/// A set-up names an edition Bagless plays (1 to its own), or none: its
/// own. A log written before editions were recorded is edition 1.
#[test]
fn a_memory_is_set_up_under_an_edition_bagless_plays() {
    for edition in [0, EDITION + 1] {
        let mut table = Table::empty();
        let refusal = table.refused(under_edition(start_command(2), edition));
        assert_eq!(refusal.code, RuleCode::EditionUnknown);
    }
    assert_eq!(Table::new(2).game.edition, EDITION);
    let mut started = serde_json::to_value(&Table::edition_1(2).log[0].event).unwrap();
    started.as_object_mut().unwrap().remove("edition");
    let old: Event = serde_json::from_value(started).unwrap();
    let mut game = Game::default();
    evolve(&mut game, &old);
    assert_eq!(game.edition, 1);
}

/// A memory of edition 1 is saved as it always was: its set-up writes no
/// edition. One of a later edition writes it. Each reads back as saved.
#[test]
fn saving_a_memory_writes_its_edition_unless_edition_1() {
    let first = &Table::edition_1(2).log[0].event;
    let value = serde_json::to_value(first).unwrap();
    assert!(value.get("edition").is_none(), "{value}");
    assert_eq!(&serde_json::from_value::<Event>(value).unwrap(), first);
    let current = &Table::new(2).log[0].event;
    let value = serde_json::to_value(current).unwrap();
    assert_eq!(value["edition"], EDITION, "{value}");
    assert_eq!(&serde_json::from_value::<Event>(value).unwrap(), current);
}

fn push(log: &mut Vec<Envelope<Event>>, event: Event) {
    let seq = log.last().map_or(1, |e| e.seq + 1);
    log.push(Envelope {
        seq,
        recorded_at: DateTime::<Utc>::UNIX_EPOCH,
        event,
        by: None,
    });
}
