import type Database from 'better-sqlite3';

/**
 * Migrations, applied in order; `PRAGMA user_version` records how many ran.
 * Append new entries, never edit a released one.
 */
export const MIGRATIONS: readonly string[] = [
  /* 1: the whole model */ `
  CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );

  CREATE TABLE retailers (
    retailer_id    INTEGER PRIMARY KEY,
    retailer_name  TEXT NOT NULL,
    slug           TEXT NOT NULL UNIQUE,
    project_source TEXT NOT NULL CHECK (project_source IN ('REM', 'MARKETSHARE')),
    position       INTEGER NOT NULL
  );

  -- Two-level browse tree: a node whose parent_id equals its node_id is top level.
  CREATE TABLE browse_nodes (
    taxonomy_id INTEGER PRIMARY KEY,
    retailer_id INTEGER NOT NULL REFERENCES retailers (retailer_id),
    node_id     INTEGER NOT NULL,
    parent_id   INTEGER NOT NULL,
    node_path   TEXT NOT NULL,
    node_name   TEXT NOT NULL,
    UNIQUE (retailer_id, node_id)
  );
  CREATE INDEX browse_nodes_children ON browse_nodes (retailer_id, parent_id, node_path);
  CREATE INDEX browse_nodes_path ON browse_nodes (retailer_id, node_path);
  -- Substring search over paths: trigram index, case-insensitive, external content.
  CREATE VIRTUAL TABLE browse_nodes_fts USING fts5 (
    node_path, content = 'browse_nodes', content_rowid = 'taxonomy_id', tokenize = 'trigram'
  );

  CREATE TABLE clients (
    client_id   INTEGER PRIMARY KEY,
    client_name TEXT NOT NULL,
    client_key  TEXT NOT NULL UNIQUE,
    region      TEXT NOT NULL,
    is_prospect INTEGER NOT NULL,
    created_at  TEXT NOT NULL
  );

  CREATE TABLE products (
    product_id   INTEGER PRIMARY KEY,
    product_name TEXT NOT NULL,
    product_path TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL
  );

  CREATE TABLE steps (
    step_id                 INTEGER PRIMARY KEY,
    product_id              INTEGER NOT NULL REFERENCES products (product_id) ON DELETE CASCADE,
    step_name               TEXT NOT NULL,
    step_order              INTEGER NOT NULL,
    polling_delay           INTEGER NOT NULL,
    expected_execution_time INTEGER,
    trigger_payload         TEXT NOT NULL,
    status_payload          TEXT NOT NULL,
    request_id_path         TEXT NOT NULL,
    status_path             TEXT NOT NULL,
    status_map              TEXT NOT NULL,
    is_polling              INTEGER NOT NULL,
    is_refresh_required     INTEGER NOT NULL,
    should_run_on_add       INTEGER NOT NULL,
    should_run_on_edit      INTEGER NOT NULL,
    created_at              TEXT NOT NULL,
    updated_at              TEXT NOT NULL
  );
  CREATE INDEX steps_product ON steps (product_id, step_order);

  -- Category-leaderboard setups (product_id NULL) and per-product setups.
  CREATE TABLE setups (
    setup_id      INTEGER PRIMARY KEY,
    product_id    INTEGER REFERENCES products (product_id),
    client_id     INTEGER NOT NULL,
    client_name   TEXT NOT NULL,
    client_key    TEXT NOT NULL,
    is_new_client INTEGER NOT NULL,
    region        TEXT NOT NULL,
    brands        TEXT NOT NULL,
    is_scheduled  INTEGER NOT NULL DEFAULT 0,
    created_by    TEXT,
    updated_by    TEXT,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
  );
  CREATE UNIQUE INDEX setups_one_per_client ON setups (client_key, ifnull(product_id, 0));
  CREATE INDEX setups_product ON setups (ifnull(product_id, 0), setup_id);

  CREATE TABLE setup_retailers (
    setup_id               INTEGER NOT NULL REFERENCES setups (setup_id) ON DELETE CASCADE,
    retailer_id            INTEGER NOT NULL REFERENCES retailers (retailer_id),
    is_marketshare_enabled INTEGER NOT NULL,
    status                 TEXT NOT NULL,
    step_name              TEXT NOT NULL,
    position               INTEGER NOT NULL,
    PRIMARY KEY (setup_id, retailer_id)
  );

  CREATE TABLE setup_nodes (
    setup_id    INTEGER NOT NULL REFERENCES setups (setup_id) ON DELETE CASCADE,
    retailer_id INTEGER NOT NULL,
    node_id     INTEGER NOT NULL,
    parent_id   INTEGER NOT NULL,
    position    INTEGER NOT NULL,
    PRIMARY KEY (setup_id, retailer_id, node_id)
  );

  CREATE TABLE setup_schedules (
    setup_id    INTEGER NOT NULL REFERENCES setups (setup_id) ON DELETE CASCADE,
    retailer_id INTEGER NOT NULL,
    schedule    TEXT NOT NULL,
    rrule_text  TEXT NOT NULL,
    PRIMARY KEY (setup_id, retailer_id)
  );

  -- The current run of each setup retailer (one row), driven by the workflow runner.
  CREATE TABLE workflow_runs (
    setup_id     INTEGER NOT NULL REFERENCES setups (setup_id) ON DELETE CASCADE,
    retailer_id  INTEGER NOT NULL,
    run_no       INTEGER NOT NULL,
    steps        TEXT NOT NULL,
    step_index   INTEGER NOT NULL,
    step_status  TEXT NOT NULL,
    fail_at      INTEGER,
    next_at      INTEGER,
    requested_by TEXT NOT NULL,
    PRIMARY KEY (setup_id, retailer_id)
  );
  CREATE INDEX workflow_runs_due ON workflow_runs (next_at) WHERE next_at IS NOT NULL;

  CREATE TABLE workflow_current (
    setup_id       INTEGER NOT NULL REFERENCES setups (setup_id) ON DELETE CASCADE,
    retailer_id    INTEGER NOT NULL,
    step_name      TEXT NOT NULL,
    step_order     INTEGER NOT NULL,
    run_no         INTEGER NOT NULL,
    status         TEXT NOT NULL,
    requested_by   TEXT NOT NULL,
    updated_at     TEXT NOT NULL,
    status_payload TEXT,
    PRIMARY KEY (setup_id, retailer_id, step_name)
  );

  CREATE TABLE workflow_history (
    id             INTEGER PRIMARY KEY,
    setup_id       INTEGER NOT NULL REFERENCES setups (setup_id) ON DELETE CASCADE,
    retailer_id    INTEGER NOT NULL,
    step_name      TEXT NOT NULL,
    step_order     INTEGER NOT NULL,
    run_no         INTEGER NOT NULL,
    status         TEXT NOT NULL,
    requested_by   TEXT NOT NULL,
    updated_at     TEXT NOT NULL,
    status_payload TEXT
  );
  CREATE INDEX workflow_history_setup ON workflow_history (setup_id, id);

  CREATE TABLE legacy_status_options (
    id       TEXT PRIMARY KEY,
    name     TEXT NOT NULL,
    position INTEGER NOT NULL
  );

  CREATE TABLE legacy_setups (
    setup_id              INTEGER PRIMARY KEY,
    client_name           TEXT NOT NULL,
    client_key            TEXT NOT NULL UNIQUE,
    start_date            TEXT,
    avc_date              TEXT,
    ams_date              TEXT,
    current_status        TEXT NOT NULL,
    status_details        TEXT,
    expected_signoff_date TEXT,
    modules               TEXT NOT NULL,
    created_by            TEXT,
    updated_by            TEXT,
    created_at            TEXT NOT NULL,
    updated_at            TEXT NOT NULL
  );

  CREATE TABLE llm_clients (
    client_id INTEGER PRIMARY KEY,
    client    TEXT NOT NULL
  );

  CREATE TABLE prompts (
    prompt_id        INTEGER PRIMARY KEY,
    client_id        INTEGER NOT NULL REFERENCES llm_clients (client_id),
    prompt           TEXT NOT NULL,
    business_context TEXT,
    metadata         TEXT NOT NULL,
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL
  );

  -- Identity-provider artefacts (sessions, codes, grants…) and its signing keys.
  CREATE TABLE oidc_models (
    model       TEXT NOT NULL,
    id          TEXT NOT NULL,
    payload     TEXT NOT NULL,
    grant_id    TEXT,
    user_code   TEXT,
    uid         TEXT,
    expires_at  INTEGER,
    consumed_at INTEGER,
    PRIMARY KEY (model, id)
  );
  CREATE INDEX oidc_models_grant ON oidc_models (grant_id);
  CREATE INDEX oidc_models_uid ON oidc_models (uid);
  CREATE INDEX oidc_models_user_code ON oidc_models (user_code);
  `,

  /* 2: node search over distinct path segments instead of every full path */ `
  -- A node's own text: the full path of a top-level node, the last segment of a child.
  -- Children share these segments ("Best Sellers", "Organic Chips"…), so there are a few
  -- thousand terms for ~90,000 nodes, and a trigram index over them is small and fast.
  CREATE TABLE path_terms (
    term_id INTEGER PRIMARY KEY,
    text    TEXT NOT NULL UNIQUE
  );
  INSERT INTO path_terms (text)
    SELECT DISTINCT CASE WHEN parent_id = node_id THEN node_path ELSE node_name END
    FROM browse_nodes ORDER BY 1;
  ALTER TABLE browse_nodes ADD COLUMN term_id INTEGER REFERENCES path_terms (term_id);
  UPDATE browse_nodes SET term_id = (
    SELECT term_id FROM path_terms WHERE text = CASE
      WHEN browse_nodes.parent_id = browse_nodes.node_id THEN browse_nodes.node_path
      ELSE browse_nodes.node_name END);
  CREATE INDEX browse_nodes_term ON browse_nodes (retailer_id, term_id);
  DROP INDEX browse_nodes_path;
  DROP TABLE browse_nodes_fts;
  CREATE VIRTUAL TABLE path_terms_fts USING fts5 (
    text, content = 'path_terms', content_rowid = 'term_id', tokenize = 'trigram'
  );
  INSERT INTO path_terms_fts (path_terms_fts) VALUES ('rebuild');
  `,
];

/** Brings the database up to the current schema. */
export function migrate(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `Sandbox database schema ${current} is newer than this build (${MIGRATIONS.length})`,
    );
  }
  for (let v = current; v < MIGRATIONS.length; v += 1) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
