-- archon's shared store, version 1. Every table is filtered by tenant.
CREATE TABLE IF NOT EXISTS archon_meta (
	key   text PRIMARY KEY,
	value text NOT NULL
);

CREATE TABLE IF NOT EXISTS archon_tenants (
	name    text PRIMARY KEY,
	created timestamptz NOT NULL DEFAULT now()
);

-- API keys: only the SHA-256 of the secret is kept.
CREATE TABLE IF NOT EXISTS archon_keys (
	id      text PRIMARY KEY,
	tenant  text NOT NULL REFERENCES archon_tenants(name),
	hash    bytea NOT NULL UNIQUE,
	scopes  text[] NOT NULL,
	note    text NOT NULL DEFAULT '',
	created timestamptz NOT NULL DEFAULT now(),
	revoked timestamptz
);

-- The shared truth: an append-only log per tenant. seq is the entry's
-- position in its tenant's log, assigned under a per-tenant lock so that
-- positions commit in order (a reader never skips one).
CREATE TABLE IF NOT EXISTS archon_entries (
	tenant     text NOT NULL REFERENCES archon_tenants(name),
	seq        bigint NOT NULL,
	id         text NOT NULL,
	project    text NOT NULL DEFAULT '',
	agent      text NOT NULL DEFAULT '',
	host       text NOT NULL DEFAULT '',
	origin     text NOT NULL,
	day        text NOT NULL,
	at         text NOT NULL,
	layer      text NOT NULL DEFAULT 'L2',
	body       text NOT NULL,
	tags       text[] NOT NULL DEFAULT '{}',
	supersedes text,
	written    timestamptz NOT NULL,
	stored     timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (tenant, seq),
	UNIQUE (tenant, id)
);

-- One row per write: who, from where, for which request.
CREATE TABLE IF NOT EXISTS archon_audit (
	n          bigserial PRIMARY KEY,
	at         timestamptz NOT NULL DEFAULT now(),
	tenant     text NOT NULL,
	key_id     text NOT NULL DEFAULT '',
	agent      text NOT NULL DEFAULT '',
	host       text NOT NULL DEFAULT '',
	request_id text NOT NULL DEFAULT '',
	action     text NOT NULL,
	entry_id   text NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS archon_audit_tenant ON archon_audit (tenant, at);
