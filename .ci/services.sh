#!/usr/bin/env bash
# Sourced by .ci/run (and by tooling/ci.test.ts): starts one of the services the suite needs, or fails.
#
#   ci_start_service ClickHouse .ci/clickhouse.sh   # runs `bash .ci/clickhouse.sh start` and evals the
#                                                  # export line it prints; returns 1 with a message
#                                                  # naming the service when it did not come up
#
# A service that is down must stop CI: the tests that need it skip themselves when its CAIRN_TEST_* variable
# is unset, and a green run would then never have touched the stores operators scale out to.

ci_start_service() {
  local name="$1" script="$2" env_line
  if ! env_line="$(bash "$script" start)" || [[ "$env_line" != export\ CAIRN_TEST_*=* ]]; then
    echo "ci: $name did not start (bash $script start failed, its messages are above); stopping, as its tests would be skipped" >&2
    return 1
  fi
  eval "$env_line"
}
