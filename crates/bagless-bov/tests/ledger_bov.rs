//! The ledger's own tests (crates/bagless-bov/RULES.md): sentences of the
//! rules summary (seed 000) that the campaign's code follows and no other
//! test kept yet, each quoted under its heading, on the real core box.

use crate::table;

use bagless_bov::board::{CardKind, EquipSlot, Place};
use bagless_bov::campaign::{Command, Outcome};
use bagless_bov::hq::HqPhase;
use table::{equipped, inventory, move_card, Table};

/// TRADING (1 [cube])
mod trading {
    use super::*;

    /// "When an assassin trades, all assassins in the square in which they
    /// are located can take, give or trade equipment cards at will."
    #[test]
    fn trading_equipment_cards_change_hands_at_will() {
        let mut table = Table::core(&["alessandra", "bastiano"]);
        let bomb = table.add(
            "Smoke Bomb",
            CardKind::BlackEquipment,
            None,
            inventory("alessandra", 0),
        );
        let sword = table.add(
            "Sword",
            CardKind::GreyEquipment,
            Some(EquipSlot::Melee),
            equipped("bastiano", EquipSlot::Melee),
        );
        table.run(move_card(&bomb, inventory("bastiano", 2)));
        table.run(move_card(&sword, equipped("alessandra", EquipSlot::Melee)));
        assert_eq!(
            table.state.ledger.place_of(&bomb),
            Some(&inventory("bastiano", 2))
        );
        assert_eq!(
            table.state.ledger.place_of(&sword),
            Some(&equipped("alessandra", EquipSlot::Melee))
        );
    }
}

/// HIDING AND SEARCHING BODIES (1 [cube])
mod hiding_and_searching_bodies {
    use super::*;

    /// "If you want to search the bodies, draw and reveal, one by one, as
    /// many equipment cards as there are bodies to hide." "Then choose to
    /// discard or keep the equipment cards on your assassin board."
    #[test]
    fn hiding_and_searching_bodies_cards_drawn_are_kept_or_discarded() {
        let mut table = Table::core(&["alessandra"]);
        let bolts = table.add(
            "Crossbow Bolts",
            CardKind::GreyEquipment,
            None,
            Place::EquipmentDeck,
        );
        let poison = table.add(
            "Poison",
            CardKind::BlackEquipment,
            None,
            Place::EquipmentDeck,
        );
        table.run(move_card(&bolts, inventory("alessandra", 0)));
        table.run(move_card(&poison, Place::EquipmentDiscard));
        assert_eq!(
            table.state.ledger.place_of(&bolts),
            Some(&inventory("alessandra", 0))
        );
        assert_eq!(
            table.state.ledger.place_of(&poison),
            Some(&Place::EquipmentDiscard)
        );
    }
}

/// EQUIP (0-1 [cube])
mod equip {
    use super::*;

    /// "If the required slot is already occupied, you have these options:
    /// Move a card that is in a [melee], [ranged], [armor] or [?] slot to an
    /// unoccupied slot in your inventory."
    #[test]
    fn equip_the_card_in_an_occupied_slot_moves_to_the_inventory() {
        let mut table = Table::core(&["alessandra"]);
        let sword = table.add(
            "Sword",
            CardKind::BlackEquipment,
            Some(EquipSlot::Melee),
            equipped("alessandra", EquipSlot::Melee),
        );
        let dagger = table.add(
            "Dagger",
            CardKind::GreyEquipment,
            Some(EquipSlot::Melee),
            Place::EquipmentDeck,
        );
        table.run(move_card(&sword, inventory("alessandra", 3)));
        table.run(move_card(&dagger, equipped("alessandra", EquipSlot::Melee)));
        assert_eq!(
            table.state.ledger.place_of(&sword),
            Some(&inventory("alessandra", 3))
        );
        assert_eq!(
            table.state.ledger.place_of(&dagger),
            Some(&equipped("alessandra", EquipSlot::Melee))
        );
    }
}

/// REPLAYING A MEMORY
mod replaying_a_memory {
    use super::*;

    /// "Keep the equipment cards on your assassin boards. Do not recover
    /// those that were discarded during the first attempt." "The assassins
    /// restart the memory with the [health] left at the end of their first
    /// attempt."
    #[test]
    fn replaying_a_memory_boards_and_health_as_the_first_attempt_left_them() {
        let mut table = Table::core(&["alessandra", "bastiano"]);
        let bomb = table.add(
            "Smoke Bomb",
            CardKind::BlackEquipment,
            None,
            inventory("alessandra", 0),
        );
        let bolts = table.add(
            "Crossbow Bolts",
            CardKind::GreyEquipment,
            None,
            inventory("bastiano", 0),
        );
        table.run(move_card(&bolts, Place::EquipmentDiscard));
        table.run(Command::SetHealth {
            assassin: "bastiano".into(),
            health: 1,
        });
        table.play("0.1", Outcome::Failure, &[]);
        assert_eq!(
            table.state.ledger.place_of(&bomb),
            Some(&inventory("alessandra", 0))
        );
        assert_eq!(
            table.state.ledger.place_of(&bolts),
            Some(&Place::EquipmentDiscard)
        );
        assert_eq!(table.state.roster["bastiano"].health, 1);
        assert_eq!(table.state.next_memory(&table.pack), Some("0.1"));
    }

    /// "Before restarting the memory, you can trade equipment between
    /// assassins, equip yourself, deposit an /or remove equipment stored in
    /// the villa or the HQ (without using any [cubes])."
    #[test]
    fn replaying_a_memory_cards_traded_and_stored_before_restarting() {
        let mut table = Table::core(&["alessandra", "bastiano"]);
        let bomb = table.add(
            "Smoke Bomb",
            CardKind::BlackEquipment,
            None,
            inventory("alessandra", 0),
        );
        let stored = table.add("Medicine", CardKind::Reward, None, Place::VillaEnvelope);
        table.play("0.1", Outcome::Failure, &[]);
        table.run(move_card(&bomb, inventory("bastiano", 0)));
        table.run(move_card(&stored, inventory("alessandra", 0)));
        table.run(move_card(&bomb, Place::VillaEnvelope));
        assert_eq!(
            table.state.ledger.place_of(&stored),
            Some(&inventory("alessandra", 0))
        );
        assert_eq!(
            table.state.ledger.place_of(&bomb),
            Some(&Place::VillaEnvelope)
        );
        table.play("0.1", Outcome::Success, &[]);
    }
}

/// OPTIONAL MEMORY
mod optional_memory {
    use super::*;

    /// "When playing an optional memory, continue playing with all cards
    /// and miniatures acquired or unlocked during the campaign."
    #[test]
    fn optional_memory_played_with_the_campaign_s_cards_and_miniatures() {
        let mut table = Table::hq_unlocked(&["alessandra"], &[]);
        for memory in ["1.1", "1.2", "1.3"] {
            table.play_with_hq(memory, Outcome::Success);
        }
        let bomb = table.add(
            "Smoke Bomb",
            CardKind::BlackEquipment,
            None,
            inventory("alessandra", 0),
        );
        assert_eq!(table.state.next_memory(&table.pack), Some("M.A"));
        table.play_with_hq("M.A", Outcome::Success);
        assert!(table.state.is_done("M.A"));
        assert_eq!(
            table.state.ledger.place_of(&bomb),
            Some(&inventory("alessandra", 0))
        );
        assert_eq!(table.phase(), HqPhase::Assignment, "the HQ goes on too");
    }
}

/// VILLA
mod villa {
    use super::*;

    /// "At the end of memories 0.1-0.3, keep the cards and the 3 [cubes] on
    /// your assassin boards." "Before starting the next memory, you can
    /// freely trade and equip equipment, and can store or recover unused
    /// equipment from the villa envelope."
    #[test]
    fn villa_cards_kept_and_stored_or_recovered_before_the_next_memory() {
        let mut table = Table::core(&["alessandra", "bastiano"]);
        let sword = table.add(
            "Sword",
            CardKind::GreyEquipment,
            Some(EquipSlot::Melee),
            equipped("alessandra", EquipSlot::Melee),
        );
        let bomb = table.add(
            "Smoke Bomb",
            CardKind::BlackEquipment,
            None,
            Place::VillaEnvelope,
        );
        table.play("0.1", Outcome::Success, &[]);
        assert_eq!(
            table.state.ledger.place_of(&sword),
            Some(&equipped("alessandra", EquipSlot::Melee))
        );
        table.run(move_card(&bomb, inventory("bastiano", 1)));
        table.run(move_card(&sword, Place::VillaEnvelope));
        assert_eq!(
            table.state.ledger.place_of(&bomb),
            Some(&inventory("bastiano", 1))
        );
        assert_eq!(
            table.state.ledger.place_of(&sword),
            Some(&Place::VillaEnvelope)
        );
    }
}

/// ADJUSTING THE NUMBER OF PLAYERS
mod adjusting_the_number_of_players {
    use super::*;

    /// "Equip the assassin with the cards of your choice from the villa
    /// envelope or from your HQ (if you have one)."
    #[test]
    fn adjusting_the_number_of_players_a_newcomer_is_equipped_from_the_villa() {
        let mut table = Table::core(&["alessandra"]);
        let sword = table.add(
            "Sword",
            CardKind::GreyEquipment,
            Some(EquipSlot::Melee),
            Place::VillaEnvelope,
        );
        table.play("0.1", Outcome::Success, &[]);
        table.run(Command::JoinAssassin {
            assassin: "claudio".into(),
        });
        table.run(move_card(&sword, equipped("claudio", EquipSlot::Melee)));
        assert_eq!(
            table.state.ledger.place_of(&sword),
            Some(&equipped("claudio", EquipSlot::Melee))
        );
    }

    /// "Place all the equipment and reward cards that were on their
    /// assassin board in the villa envelope or in the main hall of your HQ
    /// (if you have one)."
    #[test]
    fn adjusting_the_number_of_players_a_leaver_s_cards_go_to_the_main_hall() {
        let mut table = Table::hq_unlocked(&["alessandra", "bastiano"], &[]);
        table.play_with_hq("1.1", Outcome::Success);
        assert_eq!(table.phase(), HqPhase::Assignment);
        let bomb = table.add(
            "Smoke Bomb",
            CardKind::BlackEquipment,
            None,
            inventory("bastiano", 0),
        );
        table.run(Command::LeaveAssassin {
            assassin: "bastiano".into(),
        });
        assert_eq!(table.state.ledger.place_of(&bomb), Some(&Place::MainHall));
    }
}

/// HEADQUARTERS
mod headquarters {
    use super::*;

    /// "During the assignment and resolution steps, at any time, you may:
    /// Trade small cards between assassins (except skill cards). Take or
    /// store small cards in the headquarters' main hall. Rearrange the cards
    /// on your assassin board."
    #[test]
    fn headquarters_small_cards_traded_and_stored_during_the_steps() {
        let mut table = Table::hq_unlocked(&["alessandra", "bastiano"], &[]);
        let bomb = table.add(
            "Smoke Bomb",
            CardKind::BlackEquipment,
            None,
            inventory("alessandra", 0),
        );
        assert_eq!(table.phase(), HqPhase::Assignment);
        table.run(move_card(&bomb, Place::MainHall));
        table.run(move_card(&bomb, inventory("bastiano", 4)));
        table.first_assignment();
        table.run(Command::ConfirmAssignment);
        table.play("1.1", Outcome::Success, &[]);
        assert_eq!(table.phase(), HqPhase::Resolution);
        table.run(move_card(&bomb, inventory("bastiano", 0)));
        table.run(move_card(&bomb, Place::MainHall));
        table.run(move_card(&bomb, inventory("alessandra", 2)));
        assert_eq!(
            table.state.ledger.place_of(&bomb),
            Some(&inventory("alessandra", 2))
        );
    }
}
