-- Assassins (health, elimination, skills) and the card ledger: every card
-- of a campaign and the one place it is in.

CREATE TABLE diary_attempt_eliminations (
    campaign_id TEXT NOT NULL,
    position    INTEGER NOT NULL,
    rank        INTEGER NOT NULL,
    assassin_id TEXT NOT NULL,
    PRIMARY KEY (campaign_id, position, rank),
    FOREIGN KEY (campaign_id, position)
        REFERENCES diary_attempts(campaign_id, position) ON DELETE CASCADE
) STRICT;

-- Every assassin who has played in the campaign; those in play are listed
-- in campaign_assassins.
CREATE TABLE assassins (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    assassin_id TEXT NOT NULL,
    health      INTEGER NOT NULL CHECK (health >= 0),
    eliminated  INTEGER NOT NULL CHECK (eliminated IN (0, 1)),
    PRIMARY KEY (campaign_id, assassin_id)
) STRICT;

-- The skill card chosen at each level; a NULL name is a choice put off.
CREATE TABLE assassin_skills (
    campaign_id       TEXT NOT NULL,
    assassin_id       TEXT NOT NULL,
    level             INTEGER NOT NULL CHECK (level BETWEEN 1 AND 4),
    skill_name        TEXT,
    hq_level_required INTEGER CHECK (hq_level_required BETWEEN 1 AND 4),
    PRIMARY KEY (campaign_id, assassin_id, level),
    FOREIGN KEY (campaign_id, assassin_id)
        REFERENCES assassins(campaign_id, assassin_id) ON DELETE CASCADE
) STRICT;

CREATE TABLE cards (
    campaign_id     TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    card_id         TEXT NOT NULL,
    name            TEXT NOT NULL,
    kind            TEXT NOT NULL CHECK (kind IN ('black_equipment', 'grey_equipment',
                        'reward', 'chest', 'blueprint', 'special_equipment')),
    fits            TEXT CHECK (fits IN ('melee', 'ranged', 'armor')),
    health_bonus    INTEGER NOT NULL CHECK (health_bonus >= 0),
    removal_mark    INTEGER NOT NULL CHECK (removal_mark IN (0, 1)),
    added           INTEGER NOT NULL CHECK (added IN (0, 1)),
    place           TEXT NOT NULL CHECK (place IN ('equipped', 'inventory', 'bag',
                        'villa_envelope', 'main_hall', 'workshop', 'equipment_deck',
                        'equipment_discard', 'chest_deck', 'removed_from_game', 'box')),
    assassin_id     TEXT,
    slot            TEXT CHECK (slot IN ('melee', 'ranged', 'armor')),
    inventory_index INTEGER CHECK (inventory_index BETWEEN 0 AND 4),
    -- Smallest on top.
    chest_position  INTEGER,
    -- Chest cards drawn since the last attempt, in draw order.
    drawn_order     INTEGER,
    PRIMARY KEY (campaign_id, card_id),
    CHECK ((place IN ('equipped', 'inventory', 'bag')) = (assassin_id IS NOT NULL)),
    CHECK ((place = 'equipped') = (slot IS NOT NULL)),
    CHECK ((place = 'inventory') = (inventory_index IS NOT NULL)),
    CHECK ((place = 'chest_deck') = (chest_position IS NOT NULL))
) STRICT;

-- One card a slot, enforced by the database too.
CREATE UNIQUE INDEX cards_one_per_typed_slot
    ON cards (campaign_id, assassin_id, slot) WHERE place = 'equipped';
CREATE UNIQUE INDEX cards_one_per_inventory_slot
    ON cards (campaign_id, assassin_id, inventory_index) WHERE place = 'inventory';

-- Campaigns from schema 1 knew their assassins only by name.
INSERT INTO assassins (campaign_id, assassin_id, health, eliminated)
    SELECT campaign_id, assassin_id, 0, 0 FROM campaign_assassins;
