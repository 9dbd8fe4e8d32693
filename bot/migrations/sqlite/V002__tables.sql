-- Tables (lobbies and games), their action log, and per-variant player statistics.
CREATE TABLE IF NOT EXISTS game_tables (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id          INTEGER NOT NULL,
    channel_id        INTEGER NOT NULL,
    variant           TEXT    NOT NULL,
    host_id           INTEGER NOT NULL,
    status            TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
    buy_in            INTEGER NOT NULL CHECK (buy_in > 0),
    options           TEXT    NOT NULL DEFAULT '{}',
    seats             TEXT    NOT NULL DEFAULT '[]',
    state             TEXT,
    seq               INTEGER NOT NULL DEFAULT 0,
    turn_timeout      INTEGER NOT NULL,
    strikes           TEXT    NOT NULL DEFAULT '{}',
    sitting_out       TEXT    NOT NULL DEFAULT '[]',
    left_seats        TEXT    NOT NULL DEFAULT '{}',
    log               TEXT    NOT NULL DEFAULT '[]',
    message_id        INTEGER,
    message_posted_at REAL,
    created_at        REAL    NOT NULL,
    updated_at        REAL    NOT NULL
);

CREATE UNIQUE INDEX IF NOT EXISTS game_tables_one_open_per_channel
    ON game_tables (channel_id) WHERE status IN ('lobby', 'playing');

-- Every accepted action, in order (``seq`` is the engine's action count after it).
CREATE TABLE IF NOT EXISTS table_actions (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id INTEGER NOT NULL REFERENCES game_tables (id),
    seq      INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    action   TEXT    NOT NULL,
    source   TEXT    NOT NULL,
    at       REAL    NOT NULL
);
CREATE INDEX IF NOT EXISTS table_actions_by_table ON table_actions (table_id, id);

CREATE TABLE IF NOT EXISTS stats (
    guild_id        INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    variant         TEXT    NOT NULL,
    games_played    INTEGER NOT NULL DEFAULT 0,
    games_won       INTEGER NOT NULL DEFAULT 0,
    hands_played    INTEGER NOT NULL DEFAULT 0,
    hands_won       INTEGER NOT NULL DEFAULT 0,
    credits_won     INTEGER NOT NULL DEFAULT 0,
    credits_lost    INTEGER NOT NULL DEFAULT 0,
    best_hand       TEXT    NOT NULL DEFAULT '',
    best_hand_score INTEGER NOT NULL DEFAULT 0,
    biggest_pot     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, variant)
);
