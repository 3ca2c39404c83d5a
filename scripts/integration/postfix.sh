#!/usr/bin/env bash
# A private Postfix (Debian's package, stock smtpd limits) on a loopback address, for the integration
# suite and `npm run bench:probe`. The machine's own Postfix configuration (/etc/postfix, the system
# service) is never read, changed or started: this instance has its own config_directory,
# queue_directory and data_directory under $INTEGRATION_DIR/postfix and is driven with `postfix -c`.
# Usage: scripts/integration/postfix.sh up|down|status   (idempotent; `up` writes $INTEGRATION_DIR/postfix.env)
#
# in_flow_delay is 0 (see main.cf below): the only limit that differs from a stock Postfix; the one
# restriction added is a client access map (Reputation, below).
# What it serves: the finder's companies (FINDER_* below), and virtual mailbox domain $POSTFIX_DOMAIN (probe.test) with mailboxes alice, bob, carol
# and user0, user10, user20 ... user99990 (every tenth userN exists); every other recipient of that
# domain is refused "550 5.1.1 ... User unknown in virtual mailbox table". mynetworks is a TEST-NET
# range, so the prober is a stranger like any client on the internet and every default limit applies
# to it (smtpd_soft_error_limit 10, smtpd_error_sleep_time 1s, smtpd_hard_error_limit 20,
# smtpd_junk_command_limit 100, smtpd_client_connection_count_limit 50, smtpd_recipient_limit 1000).
# Reputation: a client access map refuses the client address $POSTFIX_BLOCKED_SOURCE (127.0.0.31) at every RCPT
# (smtpd_delay_reject) with reject_rbl_client's wording for a zen.spamhaus.org hit, behind the prefix an access
# map adds: "554 5.7.1 <unknown[127.0.0.31]>: Client host rejected: Service unavailable; Client host
# [127.0.0.31] blocked using zen.spamhaus.org; https://www.spamhaus.org/query/ip/127.0.0.31". Every other
# client, e.g. $POSTFIX_CLEAN_SOURCE (127.0.0.32) or a SOCKS proxy's address, is served as before.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DIR=${INTEGRATION_DIR:-$ROOT/.integration}
POSTFIX_ADDRESS=${POSTFIX_ADDRESS:-127.0.0.25}
POSTFIX_PORT=${POSTFIX_PORT:-2525}
POSTFIX_DOMAIN=${POSTFIX_DOMAIN:-probe.test}
# Source addresses an egress route can bind: the first is on the "blocklist", the second is not.
POSTFIX_BLOCKED_SOURCE=${POSTFIX_BLOCKED_SOURCE:-127.0.0.31}
POSTFIX_CLEAN_SOURCE=${POSTFIX_CLEAN_SOURCE:-127.0.0.32}
# Companies for the finder (npm run bench:finder with BENCH_POSTFIX=1): one domain per common mailbox
# format, <format>.$FINDER_SUFFIX (first.last -> firstdotlast.companies.test), each with the mailboxes of
# FINDER_PEOPLE (first:last) in that format. Robert and Peter have nicknames in the finder's table (rob, bob; pete).
FINDER_SUFFIX=companies.test
FINDER_PEOPLE='Robert:Paulson,Marla:Singer,Irene:Adler,Victor:Lang,Peter:Walsh'
FINDER_FORMATS='first.last flast first firstl firstlast last.first first_last f.last lastf last first-last'
BASE=$DIR/postfix
CONF=$BASE/etc
ENV_FILE=$DIR/postfix.env

log() { printf '[postfix] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

install_postfix() {
  [[ -x /usr/sbin/postfix ]] && return
  command -v apt-get >/dev/null || die "postfix is not installed and apt-get is not available"
  [[ $(id -u) -eq 0 ]] || die "installing postfix needs root (apt-get)"
  log "installing postfix from Debian's packages (no system configuration, system instance not started)"
  # "No configuration" leaves /etc/postfix/main.cf absent, so the package's own instance has nothing to run.
  echo 'postfix postfix/main_mailer_type select No configuration' | debconf-set-selections
  # policy-rc.d 101 keeps the package's maintainer scripts from starting the system instance.
  local policy=/usr/sbin/policy-rc.d created=0
  if [[ ! -e $policy ]]; then printf '#!/bin/sh\nexit 101\n' >"$policy"; chmod +x "$policy"; created=1; fi
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postfix >&2 ||
    { [[ $created -eq 1 ]] && rm -f "$policy"; die "apt-get install postfix failed"; }
  [[ $created -eq 1 ]] && rm -f "$policy"
  return 0
}

finder_domain() { local word=${1//./dot}; word=${word//_/under}; echo "${word//-/dash}.$FINDER_SUFFIX"; }
finder_domains() { local f out=; for f in $FINDER_FORMATS; do out+=" $(finder_domain "$f")"; done; echo "$out"; }

# Every FINDER_PEOPLE person's mailbox in every FINDER_FORMATS company (names are plain ASCII).
finder_mailboxes() {
  local format person first last local domain
  for format in $FINDER_FORMATS; do
    domain=$(finder_domain "$format")
    IFS=, read -ra people <<<"$FINDER_PEOPLE"
    for person in "${people[@]}"; do
      first=$(tr 'A-Z' 'a-z' <<<"${person%:*}") last=$(tr 'A-Z' 'a-z' <<<"${person#*:}")
      case $format in
        first.last) local=$first.$last ;; flast) local=${first:0:1}$last ;; first) local=$first ;;
        firstl) local=$first${last:0:1} ;; firstlast) local=$first$last ;; last.first) local=$last.$first ;;
        first_last) local=${first}_$last ;; f.last) local=${first:0:1}.$last ;; lastf) local=$last${first:0:1} ;;
        last) local=$last ;; first-last) local=$first-$last ;;
      esac
      echo "$local@$domain $domain/$local/"
    done
  done
}

# The mailbox table as texthash (read at start, no postmap needed).
write_config() {
  mkdir -p "$CONF" "$BASE/queue" "$BASE/data" "$BASE/mail"
  {
    for name in alice bob carol; do echo "$name@$POSTFIX_DOMAIN $POSTFIX_DOMAIN/$name/"; done
    for ((n = 0; n < 100000; n += 10)); do echo "user$n@$POSTFIX_DOMAIN $POSTFIX_DOMAIN/user$n/"; done
    finder_mailboxes
  } >"$CONF/vmailbox"
  # A real reject_rbl_client needs DNS, which this machine has none of; the map gives its text (with the TXT
  # record Spamhaus publishes for a listed address as the last part) without it.
  printf '%s 554 5.7.1 Service unavailable; Client host [%s] blocked using zen.spamhaus.org; https://www.spamhaus.org/query/ip/%s\n' \
    "$POSTFIX_BLOCKED_SOURCE" "$POSTFIX_BLOCKED_SOURCE" "$POSTFIX_BLOCKED_SOURCE" >"$CONF/client_access"
  cat >"$CONF/main.cf" <<EOF
# Private test instance written by scripts/integration/postfix.sh; everything not set here is stock.
compatibility_level = 3.6
queue_directory = $BASE/queue
data_directory = $BASE/data
meta_directory = /etc/postfix
mail_owner = postfix
setgid_group = postdrop
myhostname = mx.$POSTFIX_DOMAIN
mydestination =
# The listening address is in master.cf; Postfix only accepts configured interface addresses here,
# and 127.0.0.25 is loopback without being one.
inet_interfaces = all
inet_protocols = ipv4
mynetworks = 198.51.100.0/24
maillog_file_prefixes = $BASE
maillog_file = $BASE/maillog
virtual_mailbox_domains = $POSTFIX_DOMAIN$(finder_domains)
virtual_mailbox_maps = texthash:$CONF/vmailbox
virtual_mailbox_base = $BASE/mail
virtual_uid_maps = static:65534
virtual_gid_maps = static:65534
biff = no
# A blocklisted client address (see client_access); stock smtpd_client_restrictions is empty.
smtpd_client_restrictions = check_client_access texthash:$CONF/client_access
# The one limit changed from stock, and not a defence: Postfix's flow control makes a new message (the
# first accepted RCPT of a transaction) wait up to in_flow_delay (1s) for a token, and tokens come from
# the queue manager delivering mail. A busy server always has some; this instance never delivers any
# (probers never send DATA), so every transaction would wait the full second.
in_flow_delay = 0s
EOF
  # Debian's master.cf without chroot (the chroot would need a copy of /etc files under the queue).
  sed -e '/^#/d' -e '/^[[:space:]]*$/d' /usr/share/postfix/master.cf.dist |
    awk -v listen="$POSTFIX_ADDRESS:$POSTFIX_PORT" '
      /^[^[:space:]]/ { keep = ($1 !~ /^(maildrop|uucp|ifmail|bsmtp|scalemail-backend|mailman|tlsmgr)$/) }
      !keep { next }
      $1 == "smtp" && $2 == "inet" { $1 = listen }
      /^[^[:space:]]/ && NF >= 8 && $5 == "y" { $5 = "n" }
      { print }' >"$CONF/master.cf"
}

running() { postfix -c "$CONF" status >/dev/null 2>&1; }

port_open() { (exec 3<>"/dev/tcp/$POSTFIX_ADDRESS/$POSTFIX_PORT") 2>/dev/null; }

cmd_up() {
  install_postfix
  if [[ -f $CONF/main.cf ]] && running; then log "already running on $POSTFIX_ADDRESS:$POSTFIX_PORT"; write_env; return; fi
  port_open && die "$POSTFIX_ADDRESS:$POSTFIX_PORT is taken by a process this script did not start"
  write_config
  # Creates the queue's subdirectories with the owners Postfix expects, then checks the configuration.
  postfix -c "$CONF" set-permissions >/dev/null 2>&1 || true
  postfix -c "$CONF" check || die "postfix check failed (see above)"
  log "starting postfix $(postconf -c "$CONF" -h mail_version) on $POSTFIX_ADDRESS:$POSTFIX_PORT (domain $POSTFIX_DOMAIN)"
  postfix -c "$CONF" start >&2 || die "postfix did not start; see $BASE/maillog"
  for _ in $(seq 100); do port_open && break; sleep 0.1; done
  port_open || die "postfix does not listen on $POSTFIX_ADDRESS:$POSTFIX_PORT; see $BASE/maillog"
  write_env
}

write_env() {
  printf 'export POSTFIX_SMTP_HOST=%s\nexport POSTFIX_SMTP_PORT=%s\nexport POSTFIX_DOMAIN=%s\nexport POSTFIX_VERSION=%s\nexport POSTFIX_MAILLOG=%s\n' \
    "$POSTFIX_ADDRESS" "$POSTFIX_PORT" "$POSTFIX_DOMAIN" "$(postconf -c "$CONF" -h mail_version)" "$BASE/maillog" >"$ENV_FILE"
  printf 'export POSTFIX_FINDER_SUFFIX=%s\nexport POSTFIX_FINDER_PEOPLE=%s\n' "$FINDER_SUFFIX" "$FINDER_PEOPLE" >>"$ENV_FILE"
  printf 'export POSTFIX_BLOCKED_SOURCE=%s\nexport POSTFIX_CLEAN_SOURCE=%s\n' "$POSTFIX_BLOCKED_SOURCE" "$POSTFIX_CLEAN_SOURCE" >>"$ENV_FILE"
  cat "$ENV_FILE"
}

cmd_down() {
  if [[ -f $CONF/main.cf ]] && running; then log "stopping"; postfix -c "$CONF" stop >&2 || true; else log "not running"; fi
  rm -f "$ENV_FILE"
}

cmd_status() {
  if [[ -f $CONF/main.cf ]] && running; then echo "postfix: running on $POSTFIX_ADDRESS:$POSTFIX_PORT ($POSTFIX_DOMAIN)"; else echo "postfix: stopped"; return 3; fi
}

case ${1:-} in
  up) cmd_up ;;
  down) cmd_down ;;
  status) cmd_status ;;
  *) echo "usage: $0 up|down|status" >&2; exit 2 ;;
esac
