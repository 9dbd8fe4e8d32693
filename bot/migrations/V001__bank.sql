-- V001: the bank. Credits are integers; every change of a balance has a ledger row, so for every
-- account balance = SUM(ledger.delta). user_id 0 is the house account of a guild (bots' stakes);
-- it may go negative and never appears on leaderboards.

CREATE TABLE accounts (
    guild_id   ${BIGINT} NOT NULL,
    user_id    ${BIGINT} NOT NULL,
    balance    ${BIGINT} NOT NULL,
    created_at ${DOUBLE} NOT NULL,
    PRIMARY KEY (guild_id, user_id),
    CHECK (balance >= 0 OR user_id = 0)
)${WITHOUT_ROWID};

-- Leaderboards: ORDER BY balance DESC, user_id within one guild.
CREATE INDEX accounts_by_balance ON accounts (guild_id, balance DESC, user_id);

CREATE TABLE ledger (
    id       ${ID},
    guild_id ${BIGINT} NOT NULL,
    user_id  ${BIGINT} NOT NULL,
    delta    ${BIGINT} NOT NULL,
    reason   TEXT      NOT NULL,
    table_id ${BIGINT},
    at       ${DOUBLE} NOT NULL,
    FOREIGN KEY (guild_id, user_id) REFERENCES accounts (guild_id, user_id)
);

CREATE INDEX ledger_by_account ON ledger (guild_id, user_id, id);
CREATE INDEX ledger_by_table ON ledger (table_id) WHERE table_id IS NOT NULL;

-- Credits held by a table on behalf of a player (buy-ins); a table's total is what it holds.
CREATE TABLE escrow (
    table_id ${BIGINT} NOT NULL,
    guild_id ${BIGINT} NOT NULL,
    user_id  ${BIGINT} NOT NULL,
    amount   ${BIGINT} NOT NULL CHECK (amount > 0),
    PRIMARY KEY (table_id, guild_id, user_id),
    FOREIGN KEY (guild_id, user_id) REFERENCES accounts (guild_id, user_id)
)${WITHOUT_ROWID};

CREATE INDEX escrow_by_account ON escrow (guild_id, user_id);

CREATE TABLE daily_claims (
    guild_id   ${BIGINT} NOT NULL,
    user_id    ${BIGINT} NOT NULL,
    claimed_at ${DOUBLE} NOT NULL,
    PRIMARY KEY (guild_id, user_id)
)${WITHOUT_ROWID};
