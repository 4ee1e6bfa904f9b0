#!/usr/bin/env bash
# A throwaway PostgreSQL for the config-store tests (conformance, cluster, API suite on PostgreSQL).
#
#   eval "$(.ci/postgres.sh start)"   # installs postgresql from apt if missing, starts a server on
#                                     # 127.0.0.1 with a free port and its data in a temp dir, creates the
#                                     # database `cairn`, prints `export CAIRN_TEST_POSTGRES_URL=...`
#   .ci/postgres.sh url               # prints the export line of the running server again
#   .ci/postgres.sh stop              # stops that server (pg_ctl on its data dir, then its pid) and removes the dir
#   .ci/postgres.sh status
#
# Every command is idempotent: start reuses a server this script started and that still answers; stop
# without a server is a no-op. Only the server this script started is ever stopped, by its own pid.
# Sourcing the file gives the same commands as functions: pg_install, pg_start, pg_url, pg_stop, pg_status.
# Messages go to stderr so stdout is only the export line.

CAIRN_PG_STATE="${CAIRN_PG_STATE:-${TMPDIR:-/tmp}/cairn-ci-postgres.state}"

pg_log() { echo "ci postgres: $*" >&2; }

pg_bin_dir() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  if [ -n "$dir" ] && [ -x "$dir/initdb" ]; then
    echo "$dir"
    return 0
  fi
  return 1
}

pg_install() {
  if pg_bin_dir >/dev/null; then return 0; fi
  pg_log "installing postgresql from apt"
  local sudo_cmd=""
  if [ "$(id -u)" != 0 ]; then sudo_cmd="sudo"; fi
  $sudo_cmd apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq postgresql >&2
  pg_bin_dir >/dev/null || {
    pg_log "postgresql installed, but no initdb under /usr/lib/postgresql/*/bin"
    return 1
  }
}

# PostgreSQL refuses to run as root: as root the server runs as the `postgres` user apt created.
pg_as_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

pg_free_port() {
  node -e 'const s=require("node:net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# Reads the state file into PG_DIR, PG_PORT, PG_PID; fails when there is none.
pg_read_state() {
  [ -f "$CAIRN_PG_STATE" ] || return 1
  PG_DIR="$(sed -n 's/^dir=//p' "$CAIRN_PG_STATE")"
  PG_PORT="$(sed -n 's/^port=//p' "$CAIRN_PG_STATE")"
  PG_PID="$(sed -n 's/^pid=//p' "$CAIRN_PG_STATE")"
  [ -n "$PG_DIR" ] && [ -n "$PG_PORT" ]
}

pg_running() {
  pg_read_state || return 1
  local bin
  bin="$(pg_bin_dir)" || return 1
  [ -n "$PG_PID" ] && kill -0 "$PG_PID" 2>/dev/null &&
    "$bin/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT" -t 2
}

pg_url() {
  pg_read_state || {
    pg_log "no server started by this script (state file $CAIRN_PG_STATE)"
    return 1
  }
  echo "export CAIRN_TEST_POSTGRES_URL=postgres://cairn@127.0.0.1:${PG_PORT}/cairn"
}

pg_status() {
  if pg_running; then
    pg_log "running: pid $PG_PID, port $PG_PORT, data in $PG_DIR"
  else
    pg_log "not running"
    return 1
  fi
}

pg_start() {
  if pg_running; then
    pg_log "already running (pid $PG_PID, port $PG_PORT)"
    pg_url
    return 0
  fi
  # A state file whose server is gone (machine restarted, killed) is cleaned up first.
  if pg_read_state; then pg_stop; fi
  pg_install || return 1
  local bin dir port attempt
  bin="$(pg_bin_dir)"
  dir="$(mktemp -d "${TMPDIR:-/tmp}/cairn-postgres.XXXXXX")"
  chmod 0755 "$dir"
  if [ "$(id -u)" = 0 ]; then chown postgres: "$dir"; fi
  pg_as_owner "$bin/initdb" -D "$dir/data" -A trust -U cairn --no-sync -E UTF8 >"$dir/initdb.log" 2>&1 || {
    pg_log "initdb failed:"
    cat "$dir/initdb.log" >&2
    rm -rf "$dir"
    return 1
  }
  # The port is free when picked but could be taken before the server binds it: try a few.
  for attempt in 1 2 3; do
    port="$(pg_free_port)"
    if pg_as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >&2; then
      break
    fi
    pg_log "start on port $port failed (attempt $attempt)"
    port=""
  done
  if [ -z "$port" ]; then
    cat "$dir/server.log" >&2
    rm -rf "$dir"
    return 1
  fi
  local pid
  pid="$(head -n 1 "$dir/data/postmaster.pid")"
  printf 'dir=%s\nport=%s\npid=%s\n' "$dir" "$port" "$pid" >"$CAIRN_PG_STATE"
  pg_as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U cairn cairn || {
    pg_log "createdb failed"
    pg_stop
    return 1
  }
  pg_log "started: pid $pid, port $port, data in $dir"
  pg_url
}

pg_stop() {
  pg_read_state || {
    pg_log "nothing to stop"
    return 0
  }
  local bin
  bin="$(pg_bin_dir)" || true
  if [ -n "$PG_PID" ] && kill -0 "$PG_PID" 2>/dev/null; then
    if [ -n "$bin" ] && [ -d "$PG_DIR/data" ]; then
      pg_as_owner "$bin/pg_ctl" -D "$PG_DIR/data" -m fast -w -t 60 stop >&2 || true
    fi
    # pg_ctl stops the postmaster named in its data dir; should it not have, end the one we started.
    if kill -0 "$PG_PID" 2>/dev/null; then
      kill -TERM "$PG_PID" 2>/dev/null || true
      for _ in $(seq 1 50); do
        kill -0 "$PG_PID" 2>/dev/null || break
        sleep 0.1
      done
    fi
  fi
  case "$PG_DIR" in
  */cairn-postgres.*) rm -rf "$PG_DIR" ;;
  esac
  rm -f "$CAIRN_PG_STATE"
  pg_log "stopped"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  case "${1:-}" in
  install) pg_install ;;
  start) pg_start ;;
  stop) pg_stop ;;
  url) pg_url ;;
  status) pg_status ;;
  *)
    echo "usage: $0 install|start|stop|url|status" >&2
    exit 2
    ;;
  esac
fi
