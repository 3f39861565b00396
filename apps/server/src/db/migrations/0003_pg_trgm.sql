-- Trigram matching for typo-tolerant product search (PostgreSQL contrib; PGlite loads it as an extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
