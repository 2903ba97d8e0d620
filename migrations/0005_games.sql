-- A library of several games: each row of `campaigns` says which box it is
-- from. Every campaign written before this is Brotherhood of Venice's.
-- 'memory' is a Brotherhood of Venice memory while it is played, kept as a
-- game of its own that names its campaign.
ALTER TABLE campaigns ADD COLUMN game TEXT NOT NULL DEFAULT 'bov'
    CHECK (game IN ('bov', 'risk', 'nation', 'memory'));

-- The state of a game of RISK Assassin's Creed, Assassin Nation or a memory
-- in play after the
-- last event of its log, as its rules crate's `evolve` computed it, written
-- in the same transaction as the events (no rule here). Read it with
-- json_extract, e.g.
--   SELECT json_extract(state, '$.turn') FROM game_states;
CREATE TABLE game_states (
    campaign_id TEXT PRIMARY KEY REFERENCES campaigns(id) ON DELETE CASCADE,
    state       TEXT NOT NULL CHECK (json_valid(state))
) STRICT;

-- The numbers and names a box prints that the rules summary does not,
-- entered once by the players in any game of that box and offered to every
-- new game of it ("asked once and remembered for the box"). `value` is
-- the JSON the game's rules crate reads.
CREATE TABLE box_values (
    game  TEXT NOT NULL CHECK (game IN ('risk', 'nation', 'memory')),
    key   TEXT NOT NULL,
    value TEXT NOT NULL CHECK (json_valid(value)),
    PRIMARY KEY (game, key)
) STRICT, WITHOUT ROWID;
