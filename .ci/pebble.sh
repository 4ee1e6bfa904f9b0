#!/usr/bin/env bash
# A throwaway ACME server (Pebble, Let's Encrypt's test CA) for the HTTPS tests.
#
#   eval "$(.ci/pebble.sh start)"   # installs pebble from apt if missing, makes a CA for its own HTTPS
#                                   # listener, starts pebble-challtestsrv as its DNS (every name answers
#                                   # 127.0.0.1) and pebble on free loopback ports, and prints
#                                   # `export CAIRN_TEST_ACME_DIR=...`: a dir whose acme.env names the
#                                   # directory URL, the CA file to trust for it, and the port Pebble
#                                   # validates HTTP-01 challenges on (the test's Cairn listens there)
#   .ci/pebble.sh url | stop | status
#
# Every command is idempotent, and only processes this script started are stopped, by their own pids.
# Messages go to stderr so stdout is only the export line.

CAIRN_PEBBLE_STATE="${CAIRN_PEBBLE_STATE:-${TMPDIR:-/tmp}/cairn-ci-pebble.state}"

pebble_log() { echo "ci pebble: $*" >&2; }

pebble_install() {
  if command -v pebble >/dev/null 2>&1 && command -v pebble-challtestsrv >/dev/null 2>&1; then return 0; fi
  pebble_log "installing pebble from apt"
  local sudo_cmd=""
  if [ "$(id -u)" != 0 ]; then sudo_cmd="sudo"; fi
  $sudo_cmd apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq pebble openssl >&2
  command -v pebble >/dev/null 2>&1 || {
    pebble_log "pebble installed, but no pebble binary on PATH"
    return 1
  }
}

pebble_free_port() {
  node -e 'const s=require("node:net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# Reads the state file into PEBBLE_DIR, PEBBLE_PID, CHALL_PID; fails when there is none.
pebble_read_state() {
  [ -f "$CAIRN_PEBBLE_STATE" ] || return 1
  PEBBLE_DIR="$(sed -n 's/^dir=//p' "$CAIRN_PEBBLE_STATE")"
  PEBBLE_PID="$(sed -n 's/^pid=//p' "$CAIRN_PEBBLE_STATE")"
  CHALL_PID="$(sed -n 's/^chall=//p' "$CAIRN_PEBBLE_STATE")"
  [ -n "$PEBBLE_DIR" ]
}

pebble_directory() { sed -n 's/^directory=//p' "$PEBBLE_DIR/acme.env"; }

pebble_answers() {
  curl -fsS --max-time 2 --cacert "$PEBBLE_DIR/ca.pem" "$(pebble_directory)" >/dev/null 2>&1
}

pebble_running() {
  pebble_read_state || return 1
  [ -n "$PEBBLE_PID" ] && kill -0 "$PEBBLE_PID" 2>/dev/null && pebble_answers
}

pebble_url() {
  pebble_read_state || {
    pebble_log "no server started by this script (state file $CAIRN_PEBBLE_STATE)"
    return 1
  }
  echo "export CAIRN_TEST_ACME_DIR=$PEBBLE_DIR"
}

pebble_status() {
  if pebble_running; then
    pebble_log "running: pid $PEBBLE_PID, $(pebble_directory)"
  else
    pebble_log "not running"
    return 1
  fi
}

# A CA of our own for Pebble's HTTPS listener: the Debian package ships no test certificates.
pebble_make_certs() {
  local dir="$1"
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 -subj "/CN=cairn ci pebble CA" \
    -keyout "$dir/ca.key" -out "$dir/ca.pem" >/dev/null 2>&1 &&
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=localhost" \
      -keyout "$dir/key.pem" -out "$dir/cert.csr" >/dev/null 2>&1 &&
    printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' >"$dir/san.ext" &&
    openssl x509 -req -in "$dir/cert.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" -CAcreateserial -days 2 \
      -extfile "$dir/san.ext" -out "$dir/cert.pem" >/dev/null 2>&1
}

pebble_start() {
  if pebble_running; then
    pebble_log "already running (pid $PEBBLE_PID)"
    pebble_url
    return 0
  fi
  if pebble_read_state; then pebble_stop; fi
  pebble_install || return 1
  local dir acme management dns chall_management http01
  dir="$(mktemp -d "${TMPDIR:-/tmp}/cairn-pebble.XXXXXX")"
  pebble_make_certs "$dir" || {
    pebble_log "openssl could not make the CA for Pebble's listener"
    rm -rf "$dir"
    return 1
  }
  acme="$(pebble_free_port)"
  management="$(pebble_free_port)"
  dns="$(pebble_free_port)"
  chall_management="$(pebble_free_port)"
  http01="$(pebble_free_port)"
  cat >"$dir/pebble-config.json" <<EOF
{
  "pebble": {
    "listenAddress": "127.0.0.1:$acme",
    "managementListenAddress": "127.0.0.1:$management",
    "certificate": "$dir/cert.pem",
    "privateKey": "$dir/key.pem",
    "httpPort": $http01,
    "tlsPort": $http01,
    "ocspResponderURL": "",
    "externalAccountBindingRequired": false
  }
}
EOF
  printf 'directory=https://127.0.0.1:%s/dir\nca=%s\nhttpPort=%s\nmanagement=https://127.0.0.1:%s\n' \
    "$acme" "$dir/ca.pem" "$http01" "$management" >"$dir/acme.env"
  # Every name resolves to 127.0.0.1 (no AAAA answers), so Pebble validates challenges against the Cairn
  # listening on 127.0.0.1:$http01, whatever domain the test asks a certificate for.
  pebble-challtestsrv -defaultIPv4 127.0.0.1 -defaultIPv6 "" -dns01 "127.0.0.1:$dns" -http01 "" -https01 "" \
    -tlsalpn01 "" -management "127.0.0.1:$chall_management" >"$dir/challtestsrv.log" 2>&1 &
  local chall_pid=$!
  PEBBLE_VA_NOSLEEP=1 PEBBLE_WFE_NONCEREJECT=0 PEBBLE_AUTHZREUSE=0 \
    pebble -config "$dir/pebble-config.json" -dnsserver "127.0.0.1:$dns" >"$dir/pebble.log" 2>&1 &
  local pid=$!
  printf 'dir=%s\npid=%s\nchall=%s\n' "$dir" "$pid" "$chall_pid" >"$CAIRN_PEBBLE_STATE"
  pebble_read_state
  for _ in $(seq 1 100); do
    if pebble_answers; then
      pebble_log "started: pid $pid, $(pebble_directory), HTTP-01 on port $http01"
      pebble_url
      return 0
    fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  pebble_log "pebble did not answer on $(pebble_directory); its log:"
  cat "$dir/pebble.log" "$dir/challtestsrv.log" >&2
  pebble_stop
  return 1
}

pebble_stop() {
  pebble_read_state || {
    pebble_log "nothing to stop"
    return 0
  }
  local pid
  for pid in "$PEBBLE_PID" "$CHALL_PID"; do
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
      done
      kill -KILL "$pid" 2>/dev/null || true
    fi
  done
  case "$PEBBLE_DIR" in
  */cairn-pebble.*) rm -rf "$PEBBLE_DIR" ;;
  esac
  rm -f "$CAIRN_PEBBLE_STATE"
  pebble_log "stopped"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  case "${1:-}" in
  install) pebble_install ;;
  start) pebble_start ;;
  stop) pebble_stop ;;
  url) pebble_url ;;
  status) pebble_status ;;
  *)
    echo "usage: $0 install|start|stop|url|status" >&2
    exit 2
    ;;
  esac
fi
