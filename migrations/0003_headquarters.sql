-- The headquarters: its state, where each miniature stands during the
-- assignment step, and the numbers the players read off the cards.

CREATE TABLE hq (
    campaign_id    TEXT PRIMARY KEY REFERENCES campaigns(id) ON DELETE CASCADE,
    ally           TEXT NOT NULL CHECK (ally IN ('mercenaries', 'courtesans')),
    phase          TEXT NOT NULL CHECK (phase IN ('assignment', 'memory', 'resolution')),
    first_done     INTEGER NOT NULL CHECK (first_done IN (0, 1)),
    -- The number of the contract on top of the deck.
    contract       INTEGER NOT NULL CHECK (contract >= 1),
    second_attempt INTEGER NOT NULL CHECK (second_attempt IN (0, 1)),
    level          INTEGER NOT NULL CHECK (level BETWEEN 0 AND 4)
) STRICT;

CREATE TABLE hq_spots (
    campaign_id TEXT NOT NULL REFERENCES hq(campaign_id) ON DELETE CASCADE,
    miniature   TEXT NOT NULL,
    spot        TEXT NOT NULL CHECK (spot IN ('memory', 'hospital_red', 'hospital_white',
                    'workshop', 'shop', 'command_room')),
    PRIMARY KEY (campaign_id, miniature)
) STRICT;

-- "contract.2.stars", "brown.ally-1.workshop", "blueprint.flying-machine.cost"…
CREATE TABLE hq_values (
    campaign_id TEXT NOT NULL REFERENCES hq(campaign_id) ON DELETE CASCADE,
    key         TEXT NOT NULL,
    value       INTEGER NOT NULL CHECK (value >= 0),
    PRIMARY KEY (campaign_id, key)
) STRICT;
