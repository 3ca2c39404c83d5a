#!/usr/bin/env bash
# The operator's step after erasures when the read store is FerretDB on PostgreSQL (docs/production.md,
# "Erasures on PostgreSQL"). FerretDB deletes a document with a DELETE: PostgreSQL leaves the row in the table's
# pages as a dead tuple (a plain VACUUM frees the space but does not overwrite it) and in the write-ahead log
# until its segment is removed. This rewrites every table of the service's database (FerretDB keeps a MongoDB
# database in the PostgreSQL schema of the same name) into new files holding live rows only, then checkpoints
# past the WAL segments that held the deleted rows, so they are deleted (wal_recycle = off; a recycled segment
# keeps its old bytes until overwritten). Run it on a schedule (daily) and after an erasure you must prove.
# VACUUM FULL locks each table while it is rewritten: reads of that collection wait (seconds per million rows).
# Usage: POSTGRES_URL=postgres://... MONGO_DATABASE=mailcheck scripts/postgres-reclaim-erased.sh
# Needs a superuser (CHECKPOINT, pg_switch_wal). PSQL names the psql binary (default: psql on PATH).
set -euo pipefail

: "${POSTGRES_URL:?set POSTGRES_URL to the PostgreSQL that FerretDB writes to}"
: "${MONGO_DATABASE:?set MONGO_DATABASE to the database of the service (the PostgreSQL schema FerretDB writes it to)}"
PSQL=${PSQL:-psql}
psql_do() { "$PSQL" "$POSTGRES_URL" -v ON_ERROR_STOP=1 -qAt "$@"; }

if [[ $(psql_do -c 'SHOW wal_recycle') != off ]]; then
  echo "wal_recycle is on: removed WAL segments would be renamed for reuse with the deleted rows in them;" >&2
  echo "set wal_recycle = off in postgresql.conf and reload (docs/production.md)" >&2
  exit 2
fi

in_schema="FROM pg_tables WHERE schemaname = :'schema'"
psql_do -v schema="$MONGO_DATABASE" <<<"SELECT format('VACUUM (FULL) %I.%I', schemaname, tablename) $in_schema \gexec"
psql_do <<<"CHECKPOINT; SELECT pg_switch_wal() \g /dev/null
CHECKPOINT;"
count="SELECT count(*) $in_schema"
tables=$(psql_do -v schema="$MONGO_DATABASE" <<<"$count")
oldest=$(psql_do -c 'SELECT min(name) FROM pg_ls_waldir() WHERE length(name) = 24')
echo "rewrote ${tables} tables of schema ${MONGO_DATABASE}; oldest WAL segment kept: ${oldest}"
