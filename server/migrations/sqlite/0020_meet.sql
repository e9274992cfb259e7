-- Meeting strangers (issue 31): public tables for the lobby, chat, rematch.
-- The same schema as migrations/postgres/0020_meet.sql in SQLite's dialect.

-- `public`: listed in the lobby while it waits with a free seat.
-- `spectator_chat`: spectators may chat (the creator may turn it off).
-- `rematch`, `rematch_by`: the table made for a rematch, and the seat that
-- asked for it (set once: the first to ask makes it).
ALTER TABLE tables ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN spectator_chat INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tables ADD COLUMN rematch TEXT;
ALTER TABLE tables ADD COLUMN rematch_by INTEGER;

-- The lobby: public tables still waiting, oldest first.
CREATE INDEX IF NOT EXISTS tables_lobby ON tables (public, status, created_ms);

-- A table's chat, stored as sent (plain text, control and bidi characters
-- already dropped); goes with its table.
CREATE TABLE IF NOT EXISTS chat (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id    TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat        INTEGER,            -- NULL: a spectator
    name        TEXT,               -- the speaker's name; NULL: a spectator without one
    text        TEXT NOT NULL,
    phrase      TEXT,               -- a canned phrase's id (the page shows it in each reader's language)
    at_ms       BIGINT NOT NULL
);

CREATE INDEX IF NOT EXISTS chat_table ON chat (table_id, id);
