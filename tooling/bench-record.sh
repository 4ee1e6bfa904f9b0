#!/usr/bin/env bash
# Runs one benchmark and keeps what it printed in bench-results/NAME-DATE-COMMIT.txt, headed by the commit,
# date and machine, and its figures in the .json beside it (tooling/benchResults.ts), from which
# `npm run bench:report` writes the docs' figures; so a figure travels with the commit it was measured on:
#   bash tooling/bench-record.sh click   # npm run bench:click -w @cairn/server
# The name is the server's bench script (bench:NAME). Refuses a dirty tree: the figure would belong to no commit.
set -euo pipefail
cd "$(dirname "$0")/.."
name="${1:?usage: tooling/bench-record.sh click|import|postback|reports|scale [bench options]}"
shift
# Options after the name go to the bench itself, e.g. `reports --data-dir DIR` to reuse seeded clicks.
if [ -n "$(git status --porcelain -- packages)" ]; then
  echo "bench-record: packages/ has uncommitted changes; commit them first" >&2
  exit 2
fi
commit="$(git rev-parse --short HEAD)"
mkdir -p bench-results
out="bench-results/${name}-$(date -u +%Y-%m-%d)-${commit}.txt"
export CAIRN_BENCH_RESULT="$PWD/${out%.txt}.json"
{
  echo "bench: ${name}"
  echo "commit: $(git rev-parse HEAD)"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/Mem:/ {print $2}') GiB"
  echo "node: $(node --version)"
  echo
} > "$out"
npm run "bench:${name}" -w @cairn/server -- "$@" 2>&1 | tee -a "$out"
echo "bench-record: kept in $out" >&2
if [ -f "$CAIRN_BENCH_RESULT" ]; then
  node tooling/bench-report.ts
fi
