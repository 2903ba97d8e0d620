//! Issue 55 (a fresh reader's FORM items F1 to F3): the campaign's forms
//! offer only what `decide` accepts, and the views say it: the HQ
//! assignment's "Put here" per building (ASSIGNMENTS), the leave, join
//! and swap offers (ADJUSTING THE NUMBER OF PLAYERS), and the "Add a card"
//! form's kinds, slots and places (EQUIP, CHEST). Each check goes through
//! every candidate: offered exactly where the command is accepted (the
//! app's check of a memory in play first), and each test names a refused
//! case the form does not offer.

use crate::table;

use bagless_bov::assassins::check_no_memory_in_play;
use bagless_bov::board::{CardKind, EquipSlot, Place};
use bagless_bov::board_view::{board_view, close_for_memory_in_play};
use bagless_bov::campaign::{Campaign, Command, Outcome};
use bagless_bov::hq::{HqPhase, Spot};
use bagless_bov::hq_view::hq_view;
use bagless_bov::views::offers::{add_card_offers, roster_offers, spots_offered, RosterOffers};
use bagless_bov::{Pack, RuleCode, RuleViolation, Section};
use table::{add_card, assign, ctx, Table};

/// `decide`'s answer, the app's check of a memory in play first.
fn decided(
    state: &Campaign,
    pack: &Pack,
    command: &Command,
    memory_in_play: Option<&str>,
) -> Result<(), Vec<RuleViolation>> {
    check_no_memory_in_play(state, command, memory_in_play)?;
    bagless_bov::campaign::decide(state, pack, command, &ctx()).map(|_| ())
}

fn accepted(table: &Table, command: &Command, memory_in_play: Option<&str>) -> bool {
    decided(&table.state, &table.pack, command, memory_in_play).is_ok()
}

fn join(assassin: &str) -> Command {
    Command::JoinAssassin {
        assassin: assassin.into(),
    }
}

fn leave(assassin: &str) -> Command {
    Command::LeaveAssassin {
        assassin: assassin.into(),
    }
}

fn swap(leaving: &str, joining: &str) -> Command {
    Command::SwapAssassin {
        leaving: leaving.into(),
        joining: joining.into(),
    }
}

/// The roster offers, checked against `decide` for every assassin of the
/// box: offered exactly where the command is accepted.
fn roster(table: &Table, memory_in_play: Option<&str>) -> RosterOffers {
    let offers = roster_offers(&table.state, &table.pack, memory_in_play);
    let ids: Vec<String> = table.pack.assassins.iter().map(|a| a.id.clone()).collect();
    for id in &ids {
        let offered = offers.leave.contains(id);
        let command = leave(id);
        assert_eq!(
            offered,
            accepted(table, &command, memory_in_play),
            "{command:?}"
        );
        let command = join(id);
        let offered = offers.join.contains(id);
        assert_eq!(
            offered,
            accepted(table, &command, memory_in_play),
            "{command:?}"
        );
        for other in &ids {
            let command = swap(other, id);
            let offered = offers
                .swap
                .iter()
                .any(|s| &s.joining == id && s.leaving.contains(other));
            assert_eq!(
                offered,
                accepted(table, &command, memory_in_play),
                "{command:?}"
            );
        }
    }
    offers
}

/// The HQ open, 1.1 played: the assignment step of 1.2, Alessandra
/// injured and laid on a red hospital space.
fn patient_at_1_2() -> Table {
    let mut table = Table::hq_unlocked(&["alessandra", "bastiano"], &[]);
    table.play_with_hq("1.1", Outcome::Success);
    assert_eq!(table.phase(), HqPhase::Assignment);
    table.run(Command::SetHealth {
        assassin: "alessandra".into(),
        health: 1,
    });
    table.run(assign("alessandra", Spot::HospitalRed));
    table
}

/// ADJUSTING THE NUMBER OF PLAYERS: "Between 2 memories (never during
/// one), you can change the number of assassins": between memories the
/// players' form offers leaves, joins and swaps; while a memory of the
/// campaign is played in Bagless, none (the board view says so, as the
/// app's door refuses them).
#[test]
fn adjusting_the_number_of_players_no_change_is_offered_during_a_memory() {
    let table = Table::core(&["alessandra", "bastiano"]);
    let between = roster(&table, None);
    assert_eq!(between.leave, ["alessandra", "bastiano"]);
    assert!(between.join.contains(&"claudio".to_string()));
    assert!(between.swap.iter().any(|s| s.joining == "claudio"));
    assert_eq!(board_view("c", &table.state, &table.pack).roster, between);

    assert_eq!(between.closed_by, None);

    let during = roster(&table, Some("0.1"));
    assert!(during.leave.is_empty() && during.join.is_empty() && during.swap.is_empty());
    let v = decided(&table.state, &table.pack, &join("claudio"), Some("0.1")).unwrap_err();
    assert_eq!(
        (v[0].code, v[0].section),
        (RuleCode::MemoryInPlay, Section::AdjustingTheNumberOfPlayers)
    );
    // The form says why, in the rule's words.
    assert_eq!(during.closed_by.as_ref(), v.first());
    let mut view = board_view("c", &table.state, &table.pack);
    close_for_memory_in_play(&mut view, &table.state, &table.pack, Some("0.1"));
    assert_eq!(view.roster, during);
}

/// FIRST ASSIGNMENT: "You can never replace an assassin in hospital with
/// another assassin"; ADJUSTING THE NUMBER OF PLAYERS: "you cannot swap an
/// apprentice for an assassin this way": once a patient left, no newcomer
/// is offered to join in their place (she may come back herself), and the
/// patient is offered no swap.
#[test]
fn first_assignment_no_assassin_is_offered_to_replace_a_patient() {
    let mut table = patient_at_1_2();
    let offers = roster(&table, None);
    assert!(offers
        .swap
        .iter()
        .all(|s| !s.leaving.contains(&"alessandra".to_string())));
    assert!(offers.leave.contains(&"alessandra".to_string()));
    table.run(leave("alessandra"));
    let offers = roster(&table, None);
    assert!(!offers.join.contains(&"claudio".to_string()));
    assert_eq!(
        table.refusal(join("claudio")).code,
        RuleCode::JoinInApprenticePlace
    );
    assert!(offers.join.contains(&"alessandra".to_string()));
}

/// ELIMINATED and ADJUSTING THE NUMBER OF PLAYERS: "you cannot swap an
/// apprentice for an assassin this way": an eliminated assassin is offered
/// to leave, not to be swapped.
#[test]
fn eliminated_an_eliminated_assassin_is_offered_no_swap() {
    let mut table = Table::core(&["alessandra", "bastiano"]);
    table.play("0.1", Outcome::Success, &["bastiano"]);
    let offers = roster(&table, None);
    assert!(offers.leave.contains(&"bastiano".to_string()));
    assert!(offers
        .swap
        .iter()
        .all(|s| !s.leaving.contains(&"bastiano".to_string())));
    assert!(offers
        .swap
        .iter()
        .any(|s| s.leaving.contains(&"alessandra".to_string())));
}

/// The places the "Add a card" form names.
fn add_places(table: &Table) -> Vec<Place> {
    vec![
        bagless_bov::assassins::storage(&table.state),
        Place::ChestDeck,
        Place::EquipmentDeck,
        Place::Box,
    ]
}

fn card(kind: CardKind, fits: Option<EquipSlot>, to: Place) -> Command {
    add_card("Axe", kind, fits, to)
}

/// The "Add a card" offers, checked against `decide` for every kind, slot
/// and place the form names: each kind, slot and place offered together is
/// accepted, and every combination accepted is offered.
fn adds(
    table: &Table,
    memory_in_play: Option<&str>,
) -> Vec<bagless_bov::views::offers::AddCardOffer> {
    let offers = add_card_offers(&table.state, &table.pack, memory_in_play);
    let slots = std::iter::once(None).chain(EquipSlot::ALL.into_iter().map(Some));
    for kind in CardKind::ALL {
        let offer = offers.iter().find(|o| o.kind == kind);
        for fits in slots.clone() {
            for to in add_places(table) {
                let offered = offer.is_some_and(|o| o.fits.contains(&fits) && o.to.contains(&to));
                let command = card(kind, fits, to);
                assert_eq!(
                    offered,
                    accepted(table, &command, memory_in_play),
                    "{command:?}"
                );
            }
        }
    }
    offers
}

/// EQUIP: "place them on the corresponding slot ([melee], [ranged],
/// [armor])": only equipment and reward cards fit a slot; CHEST: "the
/// card on top of the chest deck": only chest cards go in the chest deck.
/// The form offers a blueprint no slot and the chest deck to chest cards
/// only.
#[test]
fn equip_and_chest_the_add_a_card_form_offers_what_decide_adds() {
    let table = Table::core(&["alessandra"]);
    let offers = adds(&table, None);
    assert_eq!(
        board_view("c", &table.state, &table.pack).new_card.offers,
        offers
    );
    let of = |kind| offers.iter().find(|o| o.kind == kind).expect("offered");
    assert_eq!(of(CardKind::Blueprint).fits, [None]);
    let refused = table.refusal(card(
        CardKind::Blueprint,
        Some(EquipSlot::Melee),
        Place::VillaEnvelope,
    ));
    assert_eq!(refused.code, RuleCode::CardShape);
    assert!(of(CardKind::Chest).to.contains(&Place::ChestDeck));
    assert!(!of(CardKind::BlackEquipment).to.contains(&Place::ChestDeck));
    assert_eq!(
        table
            .refusal(card(CardKind::BlackEquipment, None, Place::ChestDeck))
            .code,
        RuleCode::ChestDeckKind
    );
    assert_eq!(of(CardKind::BlackEquipment).fits.len(), 4);
}

/// VILLA (edition 5): "Before starting the next memory, you can … store or
/// recover unused equipment from the villa envelope": while a memory is
/// played in Bagless the form offers no card into the villa envelope.
#[test]
fn villa_no_card_is_offered_into_the_villa_envelope_during_a_memory() {
    let table = Table::core(&["alessandra"]);
    let offers = adds(&table, Some("0.1"));
    assert!(offers.iter().all(|o| !o.to.contains(&Place::VillaEnvelope)));
    assert!(offers.iter().any(|o| o.to.contains(&Place::Box)));
    let mut view = board_view("c", &table.state, &table.pack);
    close_for_memory_in_play(&mut view, &table.state, &table.pack, Some("0.1"));
    assert_eq!(view.new_card.offers, offers);
    assert!(add_card_offers(&table.state, &table.pack, None)
        .iter()
        .any(|o| o.to.contains(&Place::VillaEnvelope)));
}

/// Each miniature's spots offered, checked against `decide` for every
/// spot and the pool: offered where the assignment is accepted, or where
/// it only waits for a number of the box (asked by the form).
fn spots(table: &Table) -> Vec<(String, Vec<Option<Spot>>)> {
    let view = hq_view("c", &table.state, &table.pack);
    let candidates = std::iter::once(None).chain(Spot::ALL.into_iter().map(Some));
    for m in &view.miniatures {
        assert_eq!(m.offered, spots_offered(&table.state, &table.pack, &m.id));
        for spot in candidates.clone() {
            let command = Command::AssignMiniature {
                miniature: m.id.clone(),
                spot,
            };
            let answer = decided(&table.state, &table.pack, &command, None);
            let takes = answer.as_ref().map_or_else(
                |v| v.iter().all(|v| v.code == RuleCode::ValueNeeded),
                |()| true,
            );
            assert_eq!(m.offered.contains(&spot), takes, "{command:?}: {answer:?}");
        }
    }
    view.miniatures
        .into_iter()
        .map(|m| (m.id, m.offered))
        .collect()
}

fn offered_to(spots: &[(String, Vec<Option<Spot>>)], miniature: &str) -> Vec<Option<Spot>> {
    spots
        .iter()
        .find(|(id, _)| id == miniature)
        .map(|(_, s)| s.clone())
        .unwrap_or_else(|| panic!("no miniature {miniature}"))
}

/// ASSIGNMENTS: MEMORY 1.2 ONWARD, "Assign allies and assassin
/// apprentices from the headquarters group in the buildings of your
/// choice. As indicated by the circles, you can have a maximum of: … 4
/// miniatures in the workshop and in the shop"; injured or eliminated
/// assassins lie on the red hospital spaces: the assignment step offers
/// "Put here" only where the assignment is taken, and nowhere outside the
/// step.
#[test]
fn assignments_put_here_is_offered_only_where_the_miniature_may_go() {
    let mut table = Table::hq_unlocked(&["alessandra", "bastiano"], &["bastiano"]);
    let offered = spots(&table);
    let alessandra = offered_to(&offered, "alessandra");
    assert!(alessandra.contains(&Some(Spot::Memory)));
    assert!(!alessandra.contains(&Some(Spot::Workshop)));
    assert_eq!(
        table.refusal(assign("alessandra", Spot::Workshop)).code,
        RuleCode::SpotKind
    );
    assert!(offered_to(&offered, "bastiano").contains(&Some(Spot::HospitalRed)));
    let apprentice = offered_to(&offered, "apprentice-1");
    assert!(apprentice.contains(&Some(Spot::Shop)));
    assert!(!apprentice.contains(&Some(Spot::HospitalRed)));
    let v = table.refusal(assign("apprentice-1", Spot::HospitalRed));
    assert_eq!(
        (v.code, v.message.as_str()),
        (
            RuleCode::SpotKind,
            "Only assassins lie on the red hospital spaces."
        )
    );

    // From 1.2 on, the shop full: no fifth miniature is offered it.
    table.first_assignment();
    table.run(Command::ConfirmAssignment);
    assert!(
        spots(&table).iter().all(|(_, s)| s.is_empty()),
        "outside the assignment step, nothing is offered"
    );
    table.play("1.1", Outcome::Success, &[]);
    table.resolve_plainly();
    assert_eq!(table.phase(), HqPhase::Assignment);
    for n in 2..=4 {
        table.run(assign(&format!("apprentice-{n}"), Spot::Shop));
    }
    table.run(assign("ally-1", Spot::Shop));
    let offered = spots(&table);
    assert!(!offered_to(&offered, "apprentice-1").contains(&Some(Spot::Shop)));
    assert!(offered_to(&offered, "ally-1").contains(&Some(Spot::Shop)));
    assert_eq!(
        table.refusal(assign("apprentice-1", Spot::Shop)).code,
        RuleCode::SpotFull
    );
}

/// FIRST ASSIGNMENT (edition 6): "1 mercenary / courtesan (according to
/// the chosen HQ)" in the memory group, "Any assassin on a red hospital
/// space is replaced by an assassin apprentice"; "Hospital: Place 1
/// assassin apprentice or mercenary/ courtesan miniature on a white
/// space", "Workshop: Place 1 …", "Shop: Place 1 … there if you have any
/// left": at the first assignment "Put here" is offered only where the
/// first layout has room.
#[test]
fn first_assignment_put_here_is_offered_only_where_the_first_layout_has_room() {
    let mut table = Table::hq_unlocked(&["alessandra", "bastiano"], &["bastiano"]);
    for spot in [Spot::HospitalWhite, Spot::Workshop, Spot::Shop] {
        assert!(offered_to(&spots(&table), "apprentice-2").contains(&Some(spot)));
        table.run(assign("apprentice-1", spot));
        let offered = spots(&table);
        assert!(offered_to(&offered, "apprentice-1").contains(&Some(spot)));
        assert!(!offered_to(&offered, "apprentice-2").contains(&Some(spot)));
        assert!(!offered_to(&offered, "ally-2").contains(&Some(spot)));
        let v = table.refusal(assign("apprentice-2", spot));
        assert_eq!(
            (v.code, v.section),
            (RuleCode::FirstLayout, Section::FirstAssignment)
        );
    }
    // One mercenary with the memory group, and one apprentice for
    // Bastiano, eliminated.
    table.run(assign("ally-1", Spot::Memory));
    table.run(assign("apprentice-2", Spot::Memory));
    let offered = spots(&table);
    assert!(!offered_to(&offered, "ally-2").contains(&Some(Spot::Memory)));
    assert!(!offered_to(&offered, "apprentice-3").contains(&Some(Spot::Memory)));
    assert!(offered_to(&offered, "ally-2").contains(&Some(Spot::CommandRoom)));
    assert_eq!(
        table.refusal(assign("ally-2", Spot::Memory)).code,
        RuleCode::FirstOneAlly
    );
    assert_eq!(
        table.refusal(assign("apprentice-3", Spot::Memory)).code,
        RuleCode::ApprenticePerPatient
    );
    // The rest of the layout, which the confirmation takes.
    for (miniature, spot) in [
        ("alessandra", Spot::Memory),
        ("bastiano", Spot::HospitalRed),
        ("ezio", Spot::Memory),
        ("apprentice-3", Spot::HospitalWhite),
        ("apprentice-4", Spot::Workshop),
        ("ally-2", Spot::CommandRoom),
        ("ally-3", Spot::CommandRoom),
        ("ally-4", Spot::CommandRoom),
    ] {
        table.run(assign(miniature, spot));
    }
    table.run(Command::ConfirmAssignment);
}
