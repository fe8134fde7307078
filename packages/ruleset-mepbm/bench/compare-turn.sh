#!/bin/sh
# The old and the new whole 1x turn side by side in one run (issue 30): bench/turn-child.ts of an old
# checkout (a worktree with its own npm install, run from there, unchanged) and of this checkout, each in
# a fresh process, alternating old/new/new/old, <groups> times. Prints each run's JSON line with the load
# average before it, then the medians (bench/compare-turn.mjs). The anchor (JSON.stringify and SHA-256 of
# the sealed result) is measured by this checkout's child only; the old child's turn is divided by the
# anchor of the new runs of the same group.
# Usage: sh packages/ruleset-mepbm/bench/compare-turn.sh <old checkout> [groups, default 3] [warm turns, default 3]
# TURN_NODE_FLAGS adds node flags to both sides' children (e.g. --expose-gc: each child then collects before
# each timed part, so a part is not charged for collecting what an earlier part left).
set -eu
old=${1:?usage: compare-turn.sh <old checkout> [groups] [warm turns]}
groups=${2:-3}
warm=${3:-3}
new=$(git rev-parse --show-toplevel)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
run() {
  load=$(cut -d' ' -f1-3 /proc/loadavg)
  line=$(cd "$2/packages/ruleset-mepbm" && node --single-threaded --max-semi-space-size=64 ${TURN_NODE_FLAGS:-} --import tsx bench/turn-child.ts 1 "$warm")
  echo "{\"side\":\"$1\",\"group\":$3,\"load\":\"$load\",\"run\":$line}" | tee -a "$out"
}
g=1
while [ "$g" -le "$groups" ]; do
  run old "$old" "$g"
  run new "$new" "$g"
  run new "$new" "$g"
  run old "$old" "$g"
  g=$((g + 1))
done
node "$new/packages/ruleset-mepbm/bench/compare-turn.mjs" < "$out"
