#!/usr/bin/env bash
# stripe-mock (Stripe's official API mock, a Go module) for the Stripe adapter's integration test.
# Installed with `go install` from the Go module proxy into $INTEGRATION_DIR/bin, started on a
# non-default loopback port. Usage: scripts/integration/stripe-mock.sh up|down|status
# (idempotent; `up` writes $INTEGRATION_DIR/stripe-mock.env with STRIPE_MOCK_URL).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DIR=${INTEGRATION_DIR:-$ROOT/.integration}
VERSION=${STRIPE_MOCK_VERSION:-v0.197.0}
PORT=${STRIPE_MOCK_PORT:-12181}
HTTPS_PORT=${STRIPE_MOCK_HTTPS_PORT:-12182}
BIN=$DIR/bin/stripe-mock
MARKER=$DIR/bin/stripe-mock.version
PID_FILE=$DIR/stripe-mock.pid
LOG=$DIR/stripe-mock.log
ENV_FILE=$DIR/stripe-mock.env

log() { printf '[stripe-mock] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
running_pid() {
  [[ -f $PID_FILE ]] || return 1
  local pid; pid=$(<"$PID_FILE")
  [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

install() {
  if [[ -x $BIN && -f $MARKER && $(<"$MARKER") == "$VERSION" ]]; then return; fi
  command -v go >/dev/null || die "go not found (needed once to install stripe-mock)"
  log "installing stripe-mock $VERSION with go install"
  [[ -n $(go env GOPATH) ]] || export GOPATH=$DIR/go
  [[ $(go env GOCACHE) != off ]] || export GOCACHE=$DIR/go/cache
  mkdir -p "$DIR/bin"
  GOBIN=$DIR/bin go install "github.com/stripe/stripe-mock@$VERSION" || die "go install of stripe-mock $VERSION failed"
  echo "$VERSION" >"$MARKER"
}

write_env() { printf 'export STRIPE_MOCK_URL=http://127.0.0.1:%s\n' "$PORT" >"$ENV_FILE"; }

up() {
  mkdir -p "$DIR"
  install
  if running_pid >/dev/null; then log "already running on 127.0.0.1:$PORT"; write_env; return; fi
  port_open "$PORT" && die "port $PORT is taken by a process this script did not start"
  log "starting stripe-mock $VERSION on 127.0.0.1:$PORT"
  setsid bash -c 'echo $$ > "$0"; exec "$@"' "$PID_FILE" "$BIN" -http-addr "127.0.0.1:$PORT" -https-addr "127.0.0.1:$HTTPS_PORT" >"$LOG" 2>&1 </dev/null &
  for _ in $(seq 100); do port_open "$PORT" && { write_env; return; }; sleep 0.1; done
  tail -20 "$LOG" >&2 || true
  die "stripe-mock does not listen on 127.0.0.1:$PORT"
}

down() {
  local pid
  if ! pid=$(running_pid); then log "not running"; rm -f "$PID_FILE" "$ENV_FILE"; return; fi
  log "stopping (pid $pid)"
  kill -TERM "$pid"
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$PID_FILE" "$ENV_FILE"
}

status() {
  local pid
  if pid=$(running_pid); then echo "stripe-mock: running (pid $pid) on 127.0.0.1:$PORT"; else echo "stripe-mock: stopped"; return 3; fi
}

case ${1:-} in
  up) up ;;
  down) down ;;
  status) status ;;
  *) echo "usage: $0 up|down|status" >&2; exit 2 ;;
esac
