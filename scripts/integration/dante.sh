#!/usr/bin/env bash
# Three private SOCKS5 proxies (Debian's dante-server, `danted`) on loopback, for the egress-route
# suites: the prober's SOCKS5 routes connect through them, and each leaves from a source address of
# its own, so a listener (or Postfix's client access map) can tell which route a connection took.
#   open  127.0.0.1:11080, no authentication, connects out from 127.0.0.77
#   auth  127.0.0.1:11081, username/password (RFC 1929) against the system account `mcproxy`, out from 127.0.0.78
#   no25  127.0.0.1:11082, no authentication, out from 127.0.0.79; refuses CONNECT to port 25 and to the
#         private Postfix's port ($POSTFIX_PORT, 2525) with reply 0x02 "connection not allowed by ruleset"
# The machine's own dante configuration (/etc/danted.conf, the system service) is never read, changed or
# started: each instance has its own config, pid and log files under $INTEGRATION_DIR/dante.
# Usage: scripts/integration/dante.sh up|down|status   (idempotent; `up` restarts an instance that died,
# e.g. one a test killed through DANTE_PID_OPEN, and writes $INTEGRATION_DIR/dante.env)
#
# On Linux all of 127.0.0.0/8 is local (the `local` route on lo), so danted binds 127.0.0.77-79 without
# them being interface addresses; `ip addr add` is only the fallback for a machine where that is not so.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DIR=${INTEGRATION_DIR:-$ROOT/.integration}
BASE=$DIR/dante
ENV_FILE=$DIR/dante.env
POSTFIX_PORT=${POSTFIX_PORT:-2525}
PROXY_USER=mcproxy
# A test account's password on a loopback-only proxy, not a secret; written to dante.env.
PROXY_PASSWORD=${DANTE_AUTH_PASSWORD:-mcproxy-loopback-only}
# name:listen port:source address
INSTANCES=(
  "open:${DANTE_OPEN_PORT:-11080}:${DANTE_OPEN_SOURCE:-127.0.0.77}"
  "auth:${DANTE_AUTH_PORT:-11081}:${DANTE_AUTH_SOURCE:-127.0.0.78}"
  "no25:${DANTE_NO25_PORT:-11082}:${DANTE_NO25_SOURCE:-127.0.0.79}"
)

log() { printf '[dante] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

# Debian installs the daemon as danted; upstream's own builds call it sockd.
daemon() {
  local candidate
  for candidate in danted sockd /usr/sbin/danted /usr/sbin/sockd; do command -v "$candidate" && return; done
  return 1
}

install_dante() {
  daemon >/dev/null && return
  command -v apt-get >/dev/null || die "dante-server is not installed and apt-get is not available"
  [[ $(id -u) -eq 0 ]] || die "installing dante-server needs root (apt-get)"
  log "installing dante-server from Debian's packages (system instance not started)"
  # policy-rc.d 101 keeps the package's maintainer scripts from starting the system instance.
  local policy=/usr/sbin/policy-rc.d created=0
  if [[ ! -e $policy ]]; then printf '#!/bin/sh\nexit 101\n' >"$policy"; chmod +x "$policy"; created=1; fi
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends dante-server >&2 ||
    { [[ $created -eq 1 ]] && rm -f "$policy"; die "apt-get install dante-server failed"; }
  [[ $created -eq 1 ]] && rm -f "$policy"
  daemon >/dev/null || die "dante-server installed but neither danted nor sockd is on PATH"
}

# danted's `socksmethod: username` checks the system's password database, so the auth instance needs a
# real account: a dedicated one without home or shell. Its password is set on every `up` so that it is
# always the one dante.env names.
ensure_proxy_user() {
  if ! id "$PROXY_USER" >/dev/null 2>&1; then
    [[ $(id -u) -eq 0 ]] || die "creating the system user $PROXY_USER needs root"
    log "creating system user $PROXY_USER (no home, no login shell) for the auth instance"
    useradd --system --no-create-home --shell /usr/sbin/nologin "$PROXY_USER" || die "useradd $PROXY_USER failed"
  fi
  if [[ $(id -u) -eq 0 ]]; then echo "$PROXY_USER:$PROXY_PASSWORD" | chpasswd || die "chpasswd $PROXY_USER failed"; fi
}

ensure_source_address() {
  local address=$1
  command -v ip >/dev/null || return 0
  ip route get "$address" 2>/dev/null | grep -q '^local ' && return
  log "adding $address/32 to lo (not local on this machine)"
  ip addr add "$address/32" dev lo || die "could not add $address to lo"
}

write_config() {
  local name=$1 port=$2 source=$3 method=none
  [[ $name == auth ]] && method=username
  {
    printf '# Private test instance "%s" written by scripts/integration/dante.sh.\n' "$name"
    printf 'logoutput: %s\n' "$BASE/$name.log"
    printf 'internal: 127.0.0.1 port = %s\nexternal: %s\n' "$port" "$source"
    printf 'socksmethod: %s\nclientmethod: none\n' "$method"
    # root to read /etc/shadow for username authentication; the proxying itself runs as nobody.
    printf 'user.privileged: root\nuser.unprivileged: nobody\n'
    printf 'client pass {\n  from: 127.0.0.0/8 to: 0.0.0.0/0\n}\n'
    if [[ $name == no25 ]]; then
      # A proxy provider that forbids mail: the first matching rule decides, so the blocks come first.
      local blocked
      for blocked in 25 "$POSTFIX_PORT"; do
        printf 'socks block {\n  from: 0.0.0.0/0 to: 0.0.0.0/0 port = %s\n  log: connect error\n}\n' "$blocked"
      done
    fi
    printf 'socks pass {\n  from: 127.0.0.0/8 to: 0.0.0.0/0\n  command: connect\n  log: connect disconnect error\n}\n'
  } >"$BASE/$name.conf"
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# The pid in an instance's pid file when that process is alive: a killed danted can stay a zombie for a
# while where nothing reaps it, and kill -0 alone would take it for running.
running_pid() {
  local file=$BASE/$1.pid pid state
  [[ -f $file ]] || return 1
  pid=$(<"$file")
  [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null || return 1
  state=$(ps -o stat= -p "$pid" 2>/dev/null) && [[ $state != Z* ]] && echo "$pid"
}

start_instance() {
  local name=$1 port=$2 source=$3
  if running_pid "$name" >/dev/null; then log "$name already running on 127.0.0.1:$port (out from $source)"; return; fi
  # After a SIGKILL the mother's children close the listening socket as they notice; give them a moment.
  for _ in $(seq 50); do port_open "$port" || break; sleep 0.1; done
  port_open "$port" && die "port $port is taken by a process this script did not start"
  ensure_source_address "$source"
  write_config "$name" "$port" "$source"
  "$(daemon)" -V -f "$BASE/$name.conf" 2>"$BASE/$name.out" || { cat "$BASE/$name.out" >&2; die "danted rejects $BASE/$name.conf"; }
  log "starting $name on 127.0.0.1:$port (out from $source)"
  rm -f "$BASE/$name.pid"
  setsid "$(daemon)" -f "$BASE/$name.conf" -p "$BASE/$name.pid" >"$BASE/$name.out" 2>&1 </dev/null &
  for _ in $(seq 100); do port_open "$port" && [[ -s $BASE/$name.pid ]] && return; sleep 0.1; done
  tail -20 "$BASE/$name.log" >&2 || true
  die "dante $name does not listen on 127.0.0.1:$port"
}

stop_instance() {
  local name=$1 pid
  if ! pid=$(running_pid "$name"); then log "$name not running"; rm -f "$BASE/$name.pid"; return; fi
  log "stopping $name (pid $pid)"
  kill -TERM "$pid"
  for _ in $(seq 100); do running_pid "$name" >/dev/null || break; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$BASE/$name.pid"
}

field() { cut -d: -f"$2" <<<"$1"; }

write_env() {
  local open=${INSTANCES[0]} auth=${INSTANCES[1]} no25=${INSTANCES[2]}
  {
    printf 'export DANTE_OPEN_URL=socks5://127.0.0.1:%s\nexport DANTE_OPEN_SOURCE=%s\n' "$(field "$open" 2)" "$(field "$open" 3)"
    printf 'export DANTE_AUTH_URL=socks5://%s:%s@127.0.0.1:%s\nexport DANTE_AUTH_SOURCE=%s\n' \
      "$PROXY_USER" "$PROXY_PASSWORD" "$(field "$auth" 2)" "$(field "$auth" 3)"
    printf 'export DANTE_NO25_URL=socks5://127.0.0.1:%s\nexport DANTE_NO25_SOURCE=%s\n' "$(field "$no25" 2)" "$(field "$no25" 3)"
    printf 'export DANTE_PID_OPEN=%s\nexport DANTE_PID_AUTH=%s\nexport DANTE_PID_NO25=%s\n' \
      "$BASE/open.pid" "$BASE/auth.pid" "$BASE/no25.pid"
  } >"$ENV_FILE"
  cat "$ENV_FILE"
}

cmd_up() {
  install_dante
  ensure_proxy_user
  mkdir -p "$BASE"
  local instance
  for instance in "${INSTANCES[@]}"; do start_instance $(tr : ' ' <<<"$instance"); done
  write_env
}

cmd_down() {
  local instance
  for instance in "${INSTANCES[@]}"; do stop_instance "$(field "$instance" 1)"; done
  rm -f "$ENV_FILE"
}

cmd_status() {
  local instance name state=0
  for instance in "${INSTANCES[@]}"; do
    name=$(field "$instance" 1)
    if running_pid "$name" >/dev/null; then
      echo "dante $name: running (pid $(<"$BASE/$name.pid")) on 127.0.0.1:$(field "$instance" 2), out from $(field "$instance" 3)"
    else echo "dante $name: stopped"; state=3; fi
  done
  return "$state"
}

case ${1:-} in
  up) cmd_up ;;
  down) cmd_down ;;
  status) cmd_status ;;
  *) echo "usage: $0 up|down|status" >&2; exit 2 ;;
esac
