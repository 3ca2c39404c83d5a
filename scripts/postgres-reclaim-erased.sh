#!/usr/bin/env bash
# The operator's step after erasures when the read store is FerretDB on PostgreSQL (docs/production.md,
# "Erasures on PostgreSQL"). FerretDB deletes a document with a DELETE: PostgreSQL leaves the row in the table's
# pages as a dead tuple (a plain VACUUM frees the space but does not overwrite it) and in the write-ahead log
# until its segment is removed. This rewrites every table of the schemas named (FerretDB keeps a MongoDB
# database in the PostgreSQL schema of the same name; the data keys' table is in DATA_KEYS_POSTGRES_SCHEMA,
# default personal_data) into new files holding live rows only, then checkpoints
# past the WAL segments that held the deleted rows, so they are deleted (wal_recycle = off; a recycled segment
# keeps its old bytes until overwritten). The planner's statistics, which sample column values, are recomputed and
# rewritten the same way. Run it on a schedule (daily) and after an erasure you must prove.
# VACUUM FULL locks each table while it is rewritten: reads of that collection wait (seconds per million rows).
# Usage: POSTGRES_URL=postgres://... scripts/postgres-reclaim-erased.sh <schema>...   e.g. mailcheck personal_data
# Needs a superuser (CHECKPOINT, pg_switch_wal). PSQL names the psql binary (default: psql on PATH).
set -euo pipefail

: "${POSTGRES_URL:?set POSTGRES_URL to the PostgreSQL that FerretDB writes to}"
[[ $# -gt 0 ]] || { echo "usage: $0 <schema>... (the service's MongoDB database as FerretDB stores it, the data keys' schema)" >&2; exit 2; }
PSQL=${PSQL:-psql}
psql_do() { "$PSQL" "$POSTGRES_URL" -v ON_ERROR_STOP=1 -qAt "$@"; }

if [[ $(psql_do -c 'SHOW wal_recycle') != off ]]; then
  echo "wal_recycle is on: removed WAL segments would be renamed for reuse with the deleted rows in them;" >&2
  echo "set wal_recycle = off in postgresql.conf and reload (docs/production.md)" >&2
  exit 2
fi

in_schemas="FROM pg_tables WHERE schemaname = ANY (string_to_array(:'schemas', ','))"
schemas=$(IFS=,; echo "$*")
psql_do -v schemas="$schemas" <<<"SELECT format('VACUUM (FULL, ANALYZE) %I.%I', schemaname, tablename) $in_schemas \gexec"
# The planner's statistics sample column values (histogram bounds, most common values): ANALYZE above replaced
# the erased ones, whose old rows are dead rows of pg_statistic until it is rewritten too.
psql_do -c 'VACUUM (FULL) pg_catalog.pg_statistic'
psql_do <<<"CHECKPOINT; SELECT pg_switch_wal() \g /dev/null
CHECKPOINT;"
count="SELECT count(*) $in_schemas"
tables=$(psql_do -v schemas="$schemas" <<<"$count")
oldest=$(psql_do -c 'SELECT min(name) FROM pg_ls_waldir() WHERE length(name) = 24')
echo "rewrote ${tables} tables of ${schemas}; oldest WAL segment kept: ${oldest}"
