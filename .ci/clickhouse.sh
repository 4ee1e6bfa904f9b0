#!/usr/bin/env bash
# A throwaway ClickHouse for the event-store integration tests (Debian's clickhouse-server, 18.16).
#
#   eval "$(.ci/clickhouse.sh start)"   # installs if missing, starts (or reuses) a server, prints
#                                       #   export CAIRN_TEST_CLICKHOUSE_URL=http://127.0.0.1:PORT
#   .ci/clickhouse.sh stop              # stops it by its process group and removes its data
#   .ci/clickhouse.sh url               # prints the export line of the running server, if any
#
# The server runs as its own process group (setsid) from a temp dir, listens on 127.0.0.1 only, on free
# ports, with its data, logs and pid in CAIRN_CLICKHOUSE_DIR (default /tmp/cairn-clickhouse). Only the
# export line goes to stdout; progress goes to stderr. Both commands are safe to repeat.
# CAIRN_CLICKHOUSE_HTTP_PORT gives the HTTP port instead of a free one (tooling/ci.test.ts takes it with
# another program to prove a server that cannot start fails `start`, leaving no process behind).
#
# start exits non-zero, with the server's last log lines on stderr, when no server answers; .ci/run stops
# there rather than run a suite whose ClickHouse tests would skip themselves.
set -euo pipefail

state="${CAIRN_CLICKHOUSE_DIR:-/tmp/cairn-clickhouse}"
config=/etc/clickhouse-server/config.xml

log() { echo "clickhouse: $*" >&2; }

# The process group the server leads (setsid), recorded once it answered.
running_pid() {
  [ -f "$state/pgid" ] || return 1
  local pid
  pid="$(cat "$state/pgid")"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
  # A recycled pid would belong to another program.
  grep -q clickhouse "/proc/$pid/cmdline" 2>/dev/null || return 1
  echo "$pid"
}

# The group of the server started from $1: setsid execs in place (pid = group) unless its caller
# already led a group, in which case it forked: then the server is the one using our data path.
server_group() {
  local group
  if [ "$(ps -o pgid= -p "$1" 2>/dev/null | tr -d ' ')" = "$1" ]; then
    echo "$1"
    return 0
  fi
  group="$(ps -eo pgid=,args= | grep -F -- "--path=$state/data/" | grep -v grep | awk 'NR==1 {print $1}')"
  [ -n "$group" ] && echo "$group"
}

# ClickHouse's own answer, not any program's 200: the port may have been taken by another one.
ping_ok() { [ "$(curl -sf --max-time 2 "http://127.0.0.1:$1/ping" 2>/dev/null)" = "Ok." ]; }

print_url() { echo "export CAIRN_TEST_CLICKHOUSE_URL=http://127.0.0.1:$(cat "$state/http_port")"; }

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

free_port() {
  local port
  for _ in $(seq 1 200); do
    port=$((20000 + RANDOM % 40000))
    if port_free "$port"; then
      echo "$port"
      return 0
    fi
  done
  log "no free port found"
  return 1
}

install() {
  command -v clickhouse-server >/dev/null 2>&1 && [ -f "$config" ] && return 0
  log "installing clickhouse-server and clickhouse-client from apt"
  local sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq >&2
  # The package tries to start its system service; that is refused here and not wanted anyway.
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq clickhouse-server clickhouse-client >&2
}

stop() {
  local pid
  if pid="$(running_pid)"; then
    log "stopping process group $pid"
    kill -TERM -- "-$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
      log "still running after 10 s; killing process group $pid"
      kill -KILL -- "-$pid" 2>/dev/null || true
    fi
  fi
  rm -rf "$state"
}

start() {
  local pid
  if pid="$(running_pid)" && ping_ok "$(cat "$state/http_port")"; then
    log "reusing the server in $state (pid $pid)"
    print_url
    return 0
  fi
  stop
  install
  # Another attempt picks other free ports; a given port would only fail the same way again.
  local attempts=3
  [ -z "${CAIRN_CLICKHOUSE_HTTP_PORT:-}" ] || attempts=1
  for attempt in $(seq 1 "$attempts"); do
    mkdir -p "$state/data" "$state/tmp" "$state/user_files" "$state/format_schemas"
    local http tcp inter
    http="${CAIRN_CLICKHOUSE_HTTP_PORT:-$(free_port)}"
    tcp="$(free_port)"
    inter="$(free_port)"
    # setsid: the server leads its own process group, so stop reaches every thread and child by it.
    (cd "$state" && exec setsid clickhouse-server --config-file="$config" -- \
      --path="$state/data/" --tmp_path="$state/tmp/" --user_files_path="$state/user_files/" \
      --format_schema_path="$state/format_schemas/" --http_port="$http" --tcp_port="$tcp" \
      --interserver_http_port="$inter" --listen_host=127.0.0.1 \
      --logger.log="$state/server.log" --logger.errorlog="$state/error.log" \
      --mark_cache_size=268435456 --uncompressed_cache_size=268435456 \
      </dev/null >"$state/stdout.log" 2>&1) &
    local launched=$!
    echo "$http" >"$state/http_port"
    for _ in $(seq 1 150); do
      if ping_ok "$http"; then
        server_group "$launched" >"$state/pgid"
        log "ready on 127.0.0.1:$http (process group $(cat "$state/pgid"), data in $state)"
        print_url
        return 0
      fi
      server_group "$launched" >/dev/null || break
      sleep 0.2
    done
    log "attempt $attempt did not answer /ping; last lines of its log:"
    tail -n 5 "$state/error.log" "$state/stdout.log" >&2 2>/dev/null || true
    server_group "$launched" >"$state/pgid" || true
    stop
  done
  log "no server answered on 127.0.0.1 after $attempts attempt(s); see the log lines above"
  return 1
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  url)
    if running_pid >/dev/null && ping_ok "$(cat "$state/http_port")"; then print_url; else exit 1; fi
    ;;
  *)
    echo "usage: $0 [start|stop|url]" >&2
    exit 2
    ;;
esac
