-- V005: tournaments. A tournament's prize pool is held in ``escrow`` (and named in ``ledger``)
-- under table id -(tournament id), so the bank's totals and conservation checks count it.
-- Its tables are ordinary game_tables rows with ``tournament_id`` set: they play with
-- tournament chips, and no credits move at them. ``table_size`` is set for a multi-table
-- tournament (tables in threads); ``seating`` is the current round's plan (JSON: the round and
-- the user ids of each of its tables), written before its tables are opened.
CREATE TABLE tournaments (
    id           ${ID},
    guild_id     ${BIGINT} NOT NULL,
    channel_id   ${BIGINT} NOT NULL,
    organizer_id ${BIGINT} NOT NULL,
    variant      TEXT      NOT NULL,
    status       TEXT      NOT NULL
        CHECK (status IN ('registering', 'running', 'finished', 'cancelled')),
    buy_in       ${BIGINT} NOT NULL CHECK (buy_in > 0),
    seats        ${BIGINT} NOT NULL CHECK (seats >= 2),
    table_size   ${BIGINT},
    seating      TEXT      NOT NULL DEFAULT '',
    chips        ${BIGINT} NOT NULL CHECK (chips > 0),
    payouts      TEXT      NOT NULL DEFAULT '',
    allow_bots   ${BIGINT} NOT NULL DEFAULT 0,
    start_at     ${DOUBLE},
    season       ${BIGINT} NOT NULL,
    message_id   ${BIGINT},
    event_id     ${BIGINT},
    created_at   ${DOUBLE} NOT NULL,
    updated_at   ${DOUBLE} NOT NULL
);
CREATE INDEX tournaments_open ON tournaments (status) WHERE status IN ('registering', 'running');

-- Every registration, in order; ``place`` once the player is out (1 = the winner), with the
-- credits won and the season points earned.
CREATE TABLE tournament_entries (
    tournament_id ${BIGINT} NOT NULL REFERENCES tournaments (id),
    user_id       ${BIGINT} NOT NULL,
    name          TEXT      NOT NULL,
    bot_style     TEXT,
    joined        ${BIGINT} NOT NULL,
    place         ${BIGINT},
    prize         ${BIGINT} NOT NULL DEFAULT 0,
    points        ${BIGINT} NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, user_id)
);

-- Per server: whether members (not only Manage Server) may create tournaments, and the season.
CREATE TABLE tournament_guilds (
    guild_id       ${BIGINT} NOT NULL PRIMARY KEY,
    members_create ${BIGINT} NOT NULL DEFAULT 0,
    season         ${BIGINT} NOT NULL DEFAULT 1
);

ALTER TABLE game_tables ADD COLUMN tournament_id ${BIGINT};

CREATE UNIQUE INDEX tournaments_one_open_per_channel
    ON tournaments (channel_id) WHERE status IN ('registering', 'running');
CREATE INDEX tournament_entries_by_user ON tournament_entries (user_id);
