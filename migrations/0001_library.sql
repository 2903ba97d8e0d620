-- The campaign library: an append-only event log per campaign, and the
-- projection tables a person can read with the sqlite3 shell. Both are
-- written in the same transaction.

CREATE TABLE campaigns (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    pack_id     TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    -- Set when the campaign is in the bin; NULL otherwise.
    deleted_at  TEXT,
    last_seq    INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE TABLE events (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL CHECK (seq > 0),
    kind        TEXT NOT NULL,
    payload     TEXT NOT NULL CHECK (json_valid(payload)),
    recorded_at TEXT NOT NULL,
    PRIMARY KEY (campaign_id, seq)
) STRICT, WITHOUT ROWID;

CREATE TABLE campaign_assassins (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    assassin_id TEXT NOT NULL,
    PRIMARY KEY (campaign_id, position),
    UNIQUE (campaign_id, assassin_id)
) STRICT;

-- One row per recorded attempt at a memory, in the order they were played.
CREATE TABLE diary_attempts (
    campaign_id   TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    position      INTEGER NOT NULL,
    memory_id     TEXT NOT NULL,
    attempt       INTEGER NOT NULL CHECK (attempt IN (1, 2)),
    outcome       TEXT NOT NULL CHECK (outcome IN ('success', 'failure')),
    difficulty    TEXT NOT NULL CHECK (difficulty IN ('normal', 'partly_easy', 'easy')),
    xp_mandatory  INTEGER NOT NULL CHECK (xp_mandatory >= 0),
    xp_optional   INTEGER NOT NULL CHECK (xp_optional >= 0),
    xp_boss       INTEGER NOT NULL CHECK (xp_boss >= 0),
    xp_other      INTEGER NOT NULL CHECK (xp_other >= 0),
    xp_credited   INTEGER NOT NULL CHECK (xp_credited >= 0),
    synchronized  INTEGER NOT NULL CHECK (synchronized IN (0, 1)),
    sync_colour   TEXT CHECK (sync_colour IN ('red', 'grey')),
    played_on     TEXT NOT NULL,
    notes         TEXT NOT NULL,
    PRIMARY KEY (campaign_id, position),
    UNIQUE (campaign_id, memory_id, attempt)
) STRICT;

CREATE TABLE diary_attempt_stickers (
    campaign_id TEXT NOT NULL,
    position    INTEGER NOT NULL,
    sticker_id  TEXT NOT NULL,
    PRIMARY KEY (campaign_id, position, sticker_id),
    FOREIGN KEY (campaign_id, position)
        REFERENCES diary_attempts(campaign_id, position) ON DELETE CASCADE
) STRICT;

CREATE TABLE diary_levels (
    campaign_id  TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    level        INTEGER NOT NULL CHECK (level BETWEEN 1 AND 4),
    after_memory TEXT NOT NULL,
    PRIMARY KEY (campaign_id, level)
) STRICT;

CREATE TABLE diary_declined (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    memory_id   TEXT NOT NULL,
    PRIMARY KEY (campaign_id, memory_id)
) STRICT;

CREATE TABLE diary_hq_stickers (
    campaign_id TEXT NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    number      INTEGER NOT NULL CHECK (number > 0),
    PRIMARY KEY (campaign_id, number)
) STRICT;
