//! The refusals of the cards, met through the players' commands on a
//! campaign of the real box (campaigns/core/pack.json), grouped by the
//! heading of the rules summary each one rests on. The workshop's cards
//! are in refusals_hq.rs.

use crate::table;

use bagless_bov::board::{CardKind, EquipSlot, Place, MAX_CARDS};
use bagless_bov::campaign::Command;
use bagless_bov::{RuleCode, Section};
use table::{add_card, equipped, inventory, move_card, Table};

/// SAVING THE GAME: "Place all cards … in a plastic bag": Bagless keeps
/// each card by its name, in one place at a time.
mod saving_the_game {
    use super::*;

    #[test]
    fn a_card_is_added_by_its_name_of_at_most_60_characters() {
        let mut table = Table::core(&["alessandra"]);
        let long = "S".repeat(61);
        for name in ["", "  ", long.as_str()] {
            let v = table.refusal(add_card(
                name,
                CardKind::BlackEquipment,
                None,
                Place::VillaEnvelope,
            ));
            assert_eq!(v.code, RuleCode::CardName, "{name:?}");
            assert_eq!(v.section, Section::SavingTheGame);
            assert_eq!(v.params["max"], "60");
        }
        let sixty = "S".repeat(60);
        table.add(&sixty, CardKind::BlackEquipment, None, Place::VillaEnvelope);
    }

    #[test]
    fn a_card_name_is_one_line_without_control_characters() {
        let table = Table::core(&["alessandra"]);
        for name in ["Smoke\nBomb", "Smoke\tBomb", "Smoke Bomb\u{0}"] {
            let v = table.refusal(add_card(
                name,
                CardKind::BlackEquipment,
                None,
                Place::VillaEnvelope,
            ));
            assert_eq!(v.code, RuleCode::CardNameControl, "{name:?}");
            assert_eq!(v.section, Section::SavingTheGame);
        }
    }

    #[test]
    fn only_a_card_of_the_campaign_is_moved() {
        let table = Table::core(&["alessandra"]);
        let v = table.refusal(move_card("apple-of-eden", inventory("alessandra", 0)));
        assert_eq!(v.code, RuleCode::CardUnknown);
        assert_eq!(v.section, Section::SavingTheGame);
        assert_eq!(v.params["card"], "apple-of-eden");
    }

    #[test]
    fn a_card_is_not_moved_to_where_it_already_is() {
        let mut table = Table::core(&["alessandra"]);
        let bomb = table.add(
            "Smoke Bomb",
            CardKind::BlackEquipment,
            None,
            Place::VillaEnvelope,
        );
        let v = table.refusal(move_card(&bomb, Place::VillaEnvelope));
        assert_eq!(v.code, RuleCode::CardAlreadyThere);
        assert_eq!(v.section, Section::SavingTheGame);
        assert_eq!(v.params["card"], "Smoke Bomb");
        table.run(move_card(&bomb, inventory("alessandra", 2)));
        let v = table.refusal(move_card(&bomb, inventory("alessandra", 2)));
        assert_eq!(v.code, RuleCode::CardAlreadyThere);
    }
}

/// EQUIP: "place them on the corresponding slot … or on one of the 5
/// [inventory] slots of your assassin board … If the required slot is
/// already occupied, you have these options: Move a card … to an
/// unoccupied slot in your inventory"; equipment goes to the equipment deck
/// and its discard pile.
mod equip {
    use super::*;

    /// An assassin's plastic bag (SAVING THE GAME, "Place all cards … from
    /// each assassin board in a plastic bag"): a card may go to the bag of
    /// an assassin of the campaign, not to one the campaign never had.
    #[test]
    fn a_card_goes_to_the_bag_of_an_assassin_of_the_campaign_only() {
        let mut table = Table::core(&["alessandra"]);
        let bomb = table.add(
            "Smoke Bomb",
            CardKind::BlackEquipment,
            None,
            Place::VillaEnvelope,
        );
        let bag = |assassin: &str| Place::Bag {
            assassin: assassin.into(),
        };
        let v = table.refusal(move_card(&bomb, bag("claudio")));
        assert_eq!(v.code, RuleCode::AssassinNotInCampaign);
        assert_eq!(v.params["assassin"], "Claudio");
        table.run(move_card(&bomb, bag("alessandra")));
        assert_eq!(table.state.ledger.place_of(&bomb), Some(&bag("alessandra")));
    }

    /// "cards of another type that you want to keep, place them on the
    /// corresponding slot": the seed names no typed slot for a chest card
    /// or a blueprint, so neither is made with one (the pack's assumption
    /// `typed_slot_kinds`, campaigns/README.md).
    #[test]
    fn only_equipment_and_reward_cards_fit_a_typed_slot() {
        let table = Table::core(&["alessandra"]);
        for (kind, slot) in [
            (CardKind::Chest, EquipSlot::Melee),
            (CardKind::Blueprint, EquipSlot::Armor),
        ] {
            let v = table.refusal(add_card("Odd Card", kind, Some(slot), Place::VillaEnvelope));
            assert_eq!(v.code, RuleCode::CardShape, "{kind:?}");
            assert_eq!(v.section, Section::Equip);
        }
        // A reward card may fit one.
        assert!(table
            .decide(&add_card(
                "Condottiero Sword",
                CardKind::Reward,
                Some(EquipSlot::Melee),
                Place::VillaEnvelope,
            ))
            .is_ok());
    }

    #[test]
    fn an_occupied_slot_takes_no_second_card() {
        let mut table = Table::core(&["alessandra"]);
        table.add(
            "Sword",
            CardKind::BlackEquipment,
            Some(EquipSlot::Melee),
            equipped("alessandra", EquipSlot::Melee),
        );
        let dagger = table.add(
            "Dagger",
            CardKind::GreyEquipment,
            Some(EquipSlot::Melee),
            Place::VillaEnvelope,
        );
        let v = table.refusal(move_card(&dagger, equipped("alessandra", EquipSlot::Melee)));
        assert_eq!(v.code, RuleCode::SlotOccupied);
        assert_eq!(v.section, Section::Equip);
        assert_eq!(v.params["card"], "Sword");
        // An inventory slot taken while others are free: the same.
        table.run(move_card(&dagger, inventory("alessandra", 0)));
        let v = table.refusal(add_card(
            "Smoke Bomb",
            CardKind::BlackEquipment,
            None,
            inventory("alessandra", 0),
        ));
        assert_eq!(v.code, RuleCode::SlotOccupied);
        assert_eq!(v.params["card"], "Dagger");
        table.run(add_card(
            "Smoke Bomb",
            CardKind::BlackEquipment,
            None,
            inventory("alessandra", 1),
        ));
    }

    /// The deck takes equipment only; its discard takes what may pay a
    /// blueprint too (WORKSHOP: "small black and white equipment, reward
    /// and special equipment cards … those with a [discard] icon are
    /// placed in the equipment discard pile"), not a chest card or a
    /// blueprint.
    #[test]
    fn only_equipment_goes_to_the_equipment_deck_and_its_discard() {
        let mut table = Table::core(&["alessandra"]);
        let reward = table.add(
            "Medal of Venice",
            CardKind::Reward,
            None,
            Place::VillaEnvelope,
        );
        let v = table.refusal(move_card(&reward, Place::EquipmentDeck));
        assert_eq!(v.code, RuleCode::EquipmentDeckKind);
        assert_eq!(v.section, Section::Equip);
        assert_eq!(v.params["card"], "Medal of Venice");
        table.run(move_card(&reward, Place::EquipmentDiscard));
        let v = table.refusal(add_card(
            "Parachutes",
            CardKind::Blueprint,
            None,
            Place::EquipmentDiscard,
        ));
        assert_eq!(v.code, RuleCode::EquipmentDeckKind);
        let v = table.refusal(add_card(
            "Golden Chest",
            CardKind::Chest,
            None,
            Place::EquipmentDeck,
        ));
        assert_eq!(v.code, RuleCode::EquipmentDeckKind);
        assert_eq!(v.params["card"], "Golden Chest");
        table.run(add_card(
            "Crossbow Bolts",
            CardKind::GreyEquipment,
            None,
            Place::EquipmentDeck,
        ));
    }

    #[test]
    fn a_campaign_holds_at_most_1000_cards() {
        let mut table = Table::core(&["alessandra"]);
        // The box deals its Flying Machine; the players add the rest.
        let dealt = table.state.ledger.cards.len();
        for n in dealt..MAX_CARDS {
            table.run(add_card(
                &format!("Card {n}"),
                CardKind::BlackEquipment,
                None,
                Place::Box,
            ));
        }
        assert_eq!(table.state.ledger.cards.len(), 1000);
        let v = table.refusal(add_card(
            "One Card Too Many",
            CardKind::BlackEquipment,
            None,
            Place::Box,
        ));
        assert_eq!(v.code, RuleCode::TooManyCards);
        assert_eq!(v.section, Section::Equip);
        assert_eq!(v.params["max"], "1000");
    }
}

/// CHEST: "Assassins on a square containing a chest can spend 1 [action]
/// to open it: take the card on top of the chest deck."
mod chest {
    use super::*;

    #[test]
    fn an_empty_chest_deck_gives_no_card() {
        let table = Table::core(&["alessandra"]);
        assert!(table.state.ledger.chest_deck.is_empty());
        let v = table.refusal(Command::DrawChestCard {
            to: inventory("alessandra", 0),
        });
        assert_eq!(v.code, RuleCode::ChestDeckEmpty);
        assert_eq!(v.section, Section::Chest);
    }

    #[test]
    fn a_chest_card_goes_to_the_board_of_the_assassin_who_opened_the_chest() {
        let mut table = Table::core(&["alessandra"]);
        table.add("Venetian Chest", CardKind::Chest, None, Place::ChestDeck);
        for to in [
            Place::VillaEnvelope,
            Place::Bag {
                assassin: "alessandra".into(),
            },
            Place::EquipmentDiscard,
        ] {
            let v = table.refusal(Command::DrawChestCard { to: to.clone() });
            assert_eq!(v.code, RuleCode::ChestToBoard, "{to:?}");
            assert_eq!(v.section, Section::Chest);
        }
        table.run(Command::DrawChestCard {
            to: inventory("alessandra", 0),
        });
    }

    #[test]
    fn only_chest_cards_go_in_the_chest_deck() {
        let mut table = Table::core(&["alessandra"]);
        let bomb = table.add(
            "Smoke Bomb",
            CardKind::BlackEquipment,
            None,
            inventory("alessandra", 0),
        );
        let v = table.refusal(move_card(&bomb, Place::ChestDeck));
        assert_eq!(v.code, RuleCode::ChestDeckKind);
        assert_eq!(v.section, Section::Chest);
        assert_eq!(v.params["card"], "Smoke Bomb");
        let v = table.refusal(add_card(
            "Medal of Venice",
            CardKind::Reward,
            None,
            Place::ChestDeck,
        ));
        assert_eq!(v.code, RuleCode::ChestDeckKind);
        assert_eq!(v.params["card"], "Medal of Venice");
    }
}
