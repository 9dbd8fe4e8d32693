-- Tables (lobbies and games), their action log, and per-variant player statistics.
CREATE TABLE ${IF_NOT_EXISTS}game_tables (
    id                ${ID},
    guild_id          ${BIGINT} NOT NULL,
    channel_id        ${BIGINT} NOT NULL,
    variant           TEXT      NOT NULL,
    host_id           ${BIGINT} NOT NULL,
    status            TEXT      NOT NULL
        CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
    buy_in            ${BIGINT} NOT NULL CHECK (buy_in > 0),
    options           TEXT      NOT NULL DEFAULT '{}',
    seats             TEXT      NOT NULL DEFAULT '[]',
    state             TEXT,
    seq               ${BIGINT} NOT NULL DEFAULT 0,
    turn_timeout      ${BIGINT} NOT NULL,
    strikes           TEXT      NOT NULL DEFAULT '{}',
    sitting_out       TEXT      NOT NULL DEFAULT '[]',
    left_seats        TEXT      NOT NULL DEFAULT '{}',
    log               TEXT      NOT NULL DEFAULT '[]',
    message_id        ${BIGINT},
    message_posted_at ${DOUBLE},
    created_at        ${DOUBLE} NOT NULL,
    updated_at        ${DOUBLE} NOT NULL
);

CREATE UNIQUE INDEX ${IF_NOT_EXISTS}game_tables_one_open_per_channel
    ON game_tables (channel_id) WHERE status IN ('lobby', 'playing');

-- Every accepted action, in order (``seq`` is the engine's action count after it).
CREATE TABLE ${IF_NOT_EXISTS}table_actions (
    id       ${ID},
    table_id ${BIGINT} NOT NULL REFERENCES game_tables (id),
    seq      ${BIGINT} NOT NULL,
    seat     INTEGER   NOT NULL,
    action   TEXT      NOT NULL,
    source   TEXT      NOT NULL,
    at       ${DOUBLE} NOT NULL
);
CREATE INDEX ${IF_NOT_EXISTS}table_actions_by_table ON table_actions (table_id, id);

CREATE TABLE ${IF_NOT_EXISTS}stats (
    guild_id        ${BIGINT} NOT NULL,
    user_id         ${BIGINT} NOT NULL,
    variant         TEXT      NOT NULL,
    games_played    INTEGER   NOT NULL DEFAULT 0,
    games_won       INTEGER   NOT NULL DEFAULT 0,
    hands_played    INTEGER   NOT NULL DEFAULT 0,
    hands_won       INTEGER   NOT NULL DEFAULT 0,
    credits_won     ${BIGINT} NOT NULL DEFAULT 0,
    credits_lost    ${BIGINT} NOT NULL DEFAULT 0,
    best_hand       TEXT      NOT NULL DEFAULT '',
    best_hand_score ${BIGINT} NOT NULL DEFAULT 0,
    biggest_pot     ${BIGINT} NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, variant)
);
