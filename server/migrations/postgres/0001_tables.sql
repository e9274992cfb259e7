-- Online tables: a table is its options (with the seed) and its move log.
-- Everything a client sees is derived from these three tables. The same
-- schema as migrations/sqlite/0001_tables.sql in PostgreSQL's dialect
-- (BOOLEAN for flags, a trigger function).

CREATE TABLE IF NOT EXISTS tables (
    id          TEXT PRIMARY KEY,
    seats       INTEGER NOT NULL,
    status      TEXT NOT NULL,      -- waiting | playing | over
    mode        TEXT NOT NULL,      -- live | turn
    seed        BIGINT NOT NULL,    -- never sent while the game is played
    options     TEXT,               -- the engine's options (players, seed) once the game begins
    gone_after  BIGINT NOT NULL,    -- seconds before an absent player's seat may go to a bot
    turn_clock  BIGINT NOT NULL,    -- seconds per turn before a bot moves for the player; 0: none
    ended       TEXT,               -- why the server ended a game the rules did not
    created_ms  BIGINT NOT NULL,
    updated_ms  BIGINT NOT NULL
);

CREATE INDEX IF NOT EXISTS tables_idle ON tables (mode, updated_ms);

CREATE TABLE IF NOT EXISTS seats (
    table_id    TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    name        TEXT NOT NULL,
    name_key    TEXT NOT NULL,      -- the name folded for comparison: unique at the table
    token       TEXT,               -- the seat's secret; NULL for a bot's seat
    bot         TEXT,               -- random | greedy | search, or NULL for a player
    replaced    BOOLEAN NOT NULL DEFAULT FALSE,  -- a bot plays for a player who is gone
    PRIMARY KEY (table_id, seat),
    UNIQUE (table_id, name_key)
);

-- The primary key decides which of two acts for the same move wins, across
-- every process on the store.
CREATE TABLE IF NOT EXISTS moves (
    table_id    TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    n           INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    action      TEXT NOT NULL,
    by_bot      BOOLEAN NOT NULL,
    at_ms       BIGINT NOT NULL,
    PRIMARY KEY (table_id, n)
);

-- A move touches its table (idle expiry) in the same statement's
-- transaction: one round trip per move.
CREATE OR REPLACE FUNCTION moves_touch_table() RETURNS trigger AS $$
BEGIN
    UPDATE tables SET updated_ms = NEW.at_ms WHERE id = NEW.table_id;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS moves_touch_table ON moves;
CREATE TRIGGER moves_touch_table AFTER INSERT ON moves
    FOR EACH ROW EXECUTE FUNCTION moves_touch_table();
