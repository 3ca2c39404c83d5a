#!/usr/bin/env bash
# Starts, without Docker, the servers that `npm run test:integration` runs against, on loopback:
#   Apache Kafka (KRaft, single combined broker+controller) from its Maven Central jars, and
#   FerretDB v1 as the MongoDB-wire server, built with `go install`, on its PostgreSQL handler (as in
#   production) over a private PostgreSQL cluster from Debian's packages (scripts/integration/postgres.sh), and
#   a private Postfix from Debian's packages (scripts/integration/postfix.sh, stock smtpd limits), and
#   stripe-mock, Stripe's API mock, with `go install` (scripts/integration/stripe-mock.sh), and
#   three SOCKS5 proxies from Debian's dante-server (scripts/integration/dante.sh) for the egress-route
#   suites: `open` (127.0.0.1:11080, out from 127.0.0.77), `auth` (11081, RFC 1929 user mcproxy, out from
#   127.0.0.78) and `no25` (11082, out from 127.0.0.79, refuses port 25 and Postfix's port with reply 0x02).
# Usage: scripts/integration-services.sh up|down|status|restart-kafka|restart-mongo
# Installs, data, logs and pid files live in .integration/ (gitignored); `up` writes .integration/env.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HERE=$ROOT/scripts/integration
DIR=${INTEGRATION_DIR:-$ROOT/.integration}
KAFKA_VERSION=${KAFKA_VERSION:-3.9.1}
FERRETDB_VERSION=${FERRETDB_VERSION:-v1.24.2}
# Non-default ports so a developer's own Kafka or MongoDB on the usual ports is left alone.
KAFKA_PORT=${KAFKA_PORT:-19092}
KAFKA_CONTROLLER_PORT=${KAFKA_CONTROLLER_PORT:-19093}
MONGO_PORT=${MONGO_PORT:-27027}
# The machine is small and shared: a small heap, serial GC and C1 only keep the broker light.
KAFKA_JAVA_OPTS=${KAFKA_JAVA_OPTS:--Xms128m -Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true}

KAFKA_DIR=$DIR/kafka
FERRET_DIR=$DIR/ferretdb
KAFKA_PID=$DIR/kafka.pid
FERRET_PID=$DIR/ferretdb.pid
ENV_FILE=$DIR/env
KAFKA_BROKERS=127.0.0.1:$KAFKA_PORT
MONGO_URL=mongodb://127.0.0.1:$MONGO_PORT/

log() { printf '[integration] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Prints the pid recorded in a pid file when that process is still alive.
running_pid() {
  local file=$1 pid
  [[ -f $file ]] || return 1
  pid=$(<"$file")
  [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

install_kafka() {
  local libs=$KAFKA_DIR/libs
  if [[ -f $libs/kafka_2.13-$KAFKA_VERSION.jar ]]; then return; fi
  command -v mvn >/dev/null || die "mvn not found (needed once to fetch the Kafka jars)"
  log "fetching Kafka $KAFKA_VERSION jars from Maven Central"
  mkdir -p "$KAFKA_DIR/build"
  cp "$HERE/kafka-pom.xml" "$KAFKA_DIR/build/pom.xml"
  rm -rf "$libs.tmp"
  # Into a temporary folder first, so an interrupted fetch is never mistaken for a cached install.
  (cd "$KAFKA_DIR/build" && mvn -q -B dependency:copy-dependencies -Dkafka.version="$KAFKA_VERSION" \
    -DincludeScope=runtime -DoutputDirectory="$libs.tmp") >"$KAFKA_DIR/build/mvn.log" 2>&1 ||
    { tail -30 "$KAFKA_DIR/build/mvn.log" >&2; die "maven could not fetch Kafka $KAFKA_VERSION"; }
  rm -rf "$libs"
  mv "$libs.tmp" "$libs"
}

# Builds FerretDB from its module source. Plain `go install ...@version` is not enough: the module zip
# lacks build/version/version.txt (made by FerretDB's own build), so such a binary panics at start, and
# proxies that serve only exact versions also refuse go install's version-list (deprecation) lookup.
install_ferretdb() {
  local marker=$DIR/bin/ferretdb.version module=github.com/FerretDB/FerretDB
  if [[ -x $DIR/bin/ferretdb && -f $marker && $(<"$marker") == "$FERRETDB_VERSION" ]]; then return; fi
  command -v go >/dev/null || die "go not found (needed once to build FerretDB)"
  log "building FerretDB $FERRETDB_VERSION from its Go module (a few minutes the first time)"
  # Without HOME (some CI runners) go has no GOPATH (module cache, checksum database state) and no
  # build cache, and refuses to download or build; keep them under .integration then.
  [[ -n $(go env GOPATH) ]] || export GOPATH=$DIR/go
  [[ $(go env GOCACHE) != off ]] || export GOCACHE=$DIR/go/cache
  local cached src=$DIR/build/ferretdb-$FERRETDB_VERSION
  cached=$(go mod download -json "$module@$FERRETDB_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [[ -d $cached ]] || die "go mod download of $module@$FERRETDB_VERSION failed"
  rm -rf "$src"
  mkdir -p "$DIR/build" "$DIR/bin"
  cp -R "$cached" "$src"
  chmod -R u+w "$src"
  echo "$FERRETDB_VERSION" >"$src/build/version/version.txt"
  # -buildvcs=false: the copy sits inside this repository's git work tree (gitignored), and stamping it
  # with the repository's VCS state fails where git refuses the checkout (e.g. "dubious ownership").
  (cd "$src" && go build -trimpath -buildvcs=false -o "$DIR/bin/ferretdb" ./cmd/ferretdb) || die "go build of FerretDB $FERRETDB_VERSION failed"
  "$DIR/bin/ferretdb" --version >/dev/null || die "the FerretDB build does not start"
  echo "$FERRETDB_VERSION" >"$marker"
}

# Starts a command detached from this shell (it outlives the script) and records its pid.
spawn() {
  local pidfile=$1 logfile=$2
  shift 2
  setsid bash -c 'echo $$ > "$0"; exec "$@"' "$pidfile" "$@" >"$logfile" 2>&1 </dev/null &
  for _ in $(seq 50); do [[ -s $pidfile ]] && return; sleep 0.1; done
  die "could not start $1"
}

start_kafka() {
  if running_pid "$KAFKA_PID" >/dev/null; then log "kafka already running (pid $(<"$KAFKA_PID"))"; return; fi
  port_open "$KAFKA_PORT" && die "port $KAFKA_PORT is taken by a process this script did not start"
  port_open "$KAFKA_CONTROLLER_PORT" && die "port $KAFKA_CONTROLLER_PORT is taken by a process this script did not start"
  local props=$KAFKA_DIR/server.properties java_cp="$KAFKA_DIR/libs/*"
  mkdir -p "$KAFKA_DIR/data"
  sed -e "s|@KAFKA_PORT@|$KAFKA_PORT|g" -e "s|@CONTROLLER_PORT@|$KAFKA_CONTROLLER_PORT|g" \
    -e "s|@DATA_DIR@|$KAFKA_DIR/data|g" "$HERE/kafka-server.properties.template" >"$props"
  local jvm=(java $KAFKA_JAVA_OPTS "-Dlog4j.configuration=file:$HERE/log4j.properties" -cp "$java_cp")
  if [[ ! -f $KAFKA_DIR/data/meta.properties ]]; then
    local cluster_id
    cluster_id=$("${jvm[@]}" kafka.tools.StorageTool random-uuid)
    log "formatting KRaft storage (cluster $cluster_id)"
    "${jvm[@]}" kafka.tools.StorageTool format -t "$cluster_id" -c "$props" >"$KAFKA_DIR/format.log" 2>&1 ||
      { cat "$KAFKA_DIR/format.log" >&2; die "kafka storage format failed"; }
  fi
  log "starting kafka $KAFKA_VERSION on $KAFKA_BROKERS"
  spawn "$KAFKA_PID" "$KAFKA_DIR/server.log" "${jvm[@]}" kafka.Kafka "$props"
}

start_ferretdb() {
  if running_pid "$FERRET_PID" >/dev/null; then log "ferretdb already running (pid $(<"$FERRET_PID"))"; return; fi
  port_open "$MONGO_PORT" && die "port $MONGO_PORT is taken by a process this script did not start"
  mkdir -p "$FERRET_DIR/state"
  local postgres_url
  postgres_url=$(sed -n 's/^export POSTGRES_URL=//p' "$DIR/postgres.env")
  log "starting ferretdb $FERRETDB_VERSION on 127.0.0.1:$MONGO_PORT (PostgreSQL handler, $postgres_url)"
  # FERRETDB_DEBUG_ADDR (e.g. 127.0.0.1:8088) serves FerretDB's metrics and pprof when profiling.
  spawn "$FERRET_PID" "$FERRET_DIR/server.log" "$DIR/bin/ferretdb" --handler=postgresql \
    "--postgresql-url=$postgres_url" "--listen-addr=127.0.0.1:$MONGO_PORT" \
    "--state-dir=$FERRET_DIR/state" --telemetry=disable "--debug-addr=${FERRETDB_DEBUG_ADDR:--}" --log-level=warn
}

wait_ready() {
  log "waiting for kafka (metadata request) and ferretdb (ping)"
  (cd "$ROOT" && KAFKA_PID=$(<"$KAFKA_PID") MONGO_PID=$(<"$FERRET_PID") KAFKA_BROKERS=$KAFKA_BROKERS MONGO_URL=$MONGO_URL \
    node -r ./scripts/register-ts.js scripts/integration/wait-ready.ts) >&2 ||
    { log "kafka log tail:"; tail -20 "$KAFKA_DIR/server.log" >&2 || true
      log "ferretdb log tail:"; tail -20 "$FERRET_DIR/server.log" >&2 || true; die "services did not become ready"; }
}

# Sends SIGTERM (Kafka shuts down cleanly on it), then SIGKILL if the process lingers.
stop_one() {
  local name=$1 pidfile=$2 pid
  if ! pid=$(running_pid "$pidfile"); then log "$name not running"; rm -f "$pidfile"; return; fi
  log "stopping $name (pid $pid)"
  kill -TERM "$pid"
  for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || { rm -f "$pidfile"; return; }; sleep 0.1; done
  log "$name did not stop in 30 s; killing it"
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$pidfile"
}

cmd_up() {
  mkdir -p "$DIR"
  install_kafka
  install_ferretdb
  start_kafka
  INTEGRATION_DIR=$DIR bash "$HERE/postgres.sh" up >/dev/null
  start_ferretdb
  wait_ready
  INTEGRATION_DIR=$DIR bash "$HERE/postfix.sh" up >/dev/null
  INTEGRATION_DIR=$DIR bash "$HERE/stripe-mock.sh" up
  INTEGRATION_DIR=$DIR bash "$HERE/dante.sh" up >/dev/null
  printf 'export KAFKA_BROKERS=%s\nexport MONGO_URL=%s\n' "$KAFKA_BROKERS" "$MONGO_URL" >"$ENV_FILE"
  cat "$DIR/postgres.env" "$DIR/postfix.env" "$DIR/stripe-mock.env" "$DIR/dante.env" >>"$ENV_FILE"
  log "ready; load the environment with: . $ENV_FILE"
  cat "$ENV_FILE"
}

cmd_down() {
  stop_one kafka "$KAFKA_PID"
  stop_one ferretdb "$FERRET_PID"
  INTEGRATION_DIR=$DIR bash "$HERE/postgres.sh" down
  INTEGRATION_DIR=$DIR bash "$HERE/postfix.sh" down
  INTEGRATION_DIR=$DIR bash "$HERE/stripe-mock.sh" down
  INTEGRATION_DIR=$DIR bash "$HERE/dante.sh" down
  rm -f "$ENV_FILE"
}

# Stops one engine and starts it again on its data, as the fault tests do in the middle of a job.
cmd_restart() {
  case $1 in
    kafka) stop_one kafka "$KAFKA_PID" && start_kafka ;;
    mongo) stop_one ferretdb "$FERRET_PID" && start_ferretdb ;;
  esac
  wait_ready
}

cmd_status() {
  local state=0 pid
  if pid=$(running_pid "$KAFKA_PID"); then echo "kafka: running (pid $pid) on $KAFKA_BROKERS"; else echo "kafka: stopped"; state=3; fi
  if pid=$(running_pid "$FERRET_PID"); then echo "ferretdb: running (pid $pid) on $MONGO_URL"; else echo "ferretdb: stopped"; state=3; fi
  INTEGRATION_DIR=$DIR bash "$HERE/postgres.sh" status || state=3
  INTEGRATION_DIR=$DIR bash "$HERE/postfix.sh" status || state=3
  INTEGRATION_DIR=$DIR bash "$HERE/stripe-mock.sh" status || state=3
  INTEGRATION_DIR=$DIR bash "$HERE/dante.sh" status || state=3
  return "$state"
}

case ${1:-} in
  up) cmd_up ;;
  down) cmd_down ;;
  status) cmd_status ;;
  restart-kafka) cmd_restart kafka ;;
  restart-mongo) cmd_restart mongo ;;
  *) echo "usage: $0 up|down|status|restart-kafka|restart-mongo" >&2; exit 2 ;;
esac
