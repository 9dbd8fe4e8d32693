-- V007: per-server settings an admin chooses (bot.i18n.readers): the language of the server's
-- public messages when it should not follow the server's preferred locale.
CREATE TABLE guild_settings (
    guild_id ${BIGINT} PRIMARY KEY,
    locale   TEXT      NOT NULL
);
