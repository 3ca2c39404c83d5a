#!/usr/bin/env bash
# A private PostgreSQL cluster (Debian's package) on loopback, the storage FerretDB runs on in
# scripts/integration-services.sh and in `npm run bench:topology`: FerretDB's PostgreSQL handler is the
# one it is run with in production, and its query plans (a collection is a table of one jsonb column,
# `_id` its primary key) are what the read store's access patterns must suit.
# The machine's own clusters (/etc/postgresql, the system service) are never read, changed or started:
# this one is initdb'd into $INTEGRATION_DIR/postgres and driven with pg_ctl. `postgres` refuses to run
# as root, so as root every server command runs as the `postgres` OS user (the package creates it).
# pg_stat_statements is loaded, so a profile of what FerretDB asks is one query away (see
# docs/production.md, "Profiling the read side").
# Usage: scripts/integration/postgres.sh up|down|status   (idempotent; `up` writes $INTEGRATION_DIR/postgres.env)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DIR=${INTEGRATION_DIR:-$ROOT/.integration}
PG_PORT=${PG_PORT:-25432}
PG_DATABASE=${PG_DATABASE:-ferretdb}
BASE=$DIR/postgres
DATA=$BASE/data
ENV_FILE=$DIR/postgres.env

log() { printf '[postgres] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

install_postgresql() {
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null && return
  command -v apt-get >/dev/null || die "postgresql is not installed and apt-get is not available"
  [[ $(id -u) -eq 0 ]] || die "installing postgresql needs root (apt-get)"
  log "installing postgresql from Debian's packages (the system cluster is not started)"
  # policy-rc.d 101 keeps the package's maintainer scripts from starting the system cluster.
  local policy=/usr/sbin/policy-rc.d created=0
  if [[ ! -e $policy ]]; then printf '#!/bin/sh\nexit 101\n' >"$policy"; chmod +x "$policy"; created=1; fi
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >&2 ||
    { [[ $created -eq 1 ]] && rm -f "$policy"; die "apt-get install postgresql failed"; }
  [[ $created -eq 1 ]] && rm -f "$policy"
  return 0
}

# The newest installed major version's binaries (Debian keeps them off PATH, per version).
bin_dir() { ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1; }

# Runs a server command as the `postgres` OS user when this script runs as root.
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

ensure_cluster() {
  [[ -f $DATA/PG_VERSION ]] && return
  mkdir -p "$BASE"
  rm -rf "$DATA"
  if [[ $(id -u) -eq 0 ]]; then
    chown postgres: "$BASE"
    # The owner must reach the folder through its parents (they stay root's): where one is closed to
    # others (a checkout under /root), it gets search permission only, never listing.
    local dir=$BASE
    while ! runuser -u postgres -- test -x "$BASE" && [[ $dir != / ]]; do
      dir=$(dirname "$dir")
      runuser -u postgres -- test -x "$dir" || { log "chmod o+x $dir (for the postgres user)"; chmod o+x "$dir"; }
    done
  fi
  log "initdb $DATA"
  as_owner "$(bin_dir)/initdb" -D "$DATA" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$BASE/initdb.log" 2>&1 ||
    { cat "$BASE/initdb.log" >&2; die "initdb failed"; }
  # Loopback only, no Unix socket outside the cluster's folder; everything else stock but the statement
  # statistics, which cost next to nothing.
  cat >>"$DATA/postgresql.conf" <<EOF

# Written by scripts/integration/postgres.sh
listen_addresses = '127.0.0.1'
port = $PG_PORT
unix_socket_directories = '$BASE'
shared_preload_libraries = 'pg_stat_statements'
pg_stat_statements.track = all
EOF
}

# As in production (docs/production.md, "Erasures on PostgreSQL"): WAL segments past a checkpoint are deleted,
# not renamed for reuse with the rows of erased documents still in them. Applied with ALTER SYSTEM and a
# reload, so a cluster initdb'd before this line gets it too, without a restart.
apply_production_settings() {
  local psql=("$(bin_dir)/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 -qAt)
  if [[ $("${psql[@]}" -c 'SHOW wal_recycle') != off ]]; then
    log "wal_recycle = off (ALTER SYSTEM, reload)"
    "${psql[@]}" -c 'ALTER SYSTEM SET wal_recycle = off' -c 'SELECT pg_reload_conf()' >/dev/null
  fi
}

running() { as_owner "$(bin_dir)/pg_ctl" -D "$DATA" status >/dev/null 2>&1; }

cmd_up() {
  install_postgresql
  ensure_cluster
  if running; then
    log "already running on 127.0.0.1:$PG_PORT"
  else
    (exec 3<>"/dev/tcp/127.0.0.1/$PG_PORT") 2>/dev/null && die "port $PG_PORT is taken by a process this script did not start"
    log "starting PostgreSQL $(basename "$(dirname "$(bin_dir)")") on 127.0.0.1:$PG_PORT"
    as_owner "$(bin_dir)/pg_ctl" -D "$DATA" -l "$BASE/server.log" -w -t 60 start >/dev/null ||
      { tail -20 "$BASE/server.log" >&2; die "PostgreSQL did not start"; }
  fi
  local psql=("$(bin_dir)/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -v ON_ERROR_STOP=1 -qAt)
  if [[ -z $("${psql[@]}" -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$PG_DATABASE'") ]]; then
    "${psql[@]}" -d postgres -c "CREATE DATABASE \"$PG_DATABASE\""
  fi
  "${psql[@]}" -d "$PG_DATABASE" -c 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements'
  apply_production_settings
  printf 'export POSTGRES_URL=postgres://postgres@127.0.0.1:%s/%s\n' "$PG_PORT" "$PG_DATABASE" >"$ENV_FILE"
  cat "$ENV_FILE"
}

cmd_down() {
  if [[ -f $DATA/PG_VERSION ]] && running; then
    log "stopping PostgreSQL"
    as_owner "$(bin_dir)/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null
  else
    log "PostgreSQL not running"
  fi
  rm -f "$ENV_FILE"
}

cmd_status() {
  if [[ -f $DATA/PG_VERSION ]] && running; then echo "postgresql: running on 127.0.0.1:$PG_PORT"; else echo "postgresql: stopped"; return 3; fi
}

case ${1:-} in
  up) cmd_up ;;
  down) cmd_down ;;
  status) cmd_status ;;
  *) echo "usage: $0 up|down|status" >&2; exit 2 ;;
esac
