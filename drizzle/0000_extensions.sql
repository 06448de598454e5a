-- pg_trgm backs the trigram search indexes; drizzle-kit does not emit CREATE EXTENSION.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
