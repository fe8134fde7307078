#!/bin/sh
# Old and new report rendering side by side in one run: the report bench (bench/render.ts) and the 44 x 39
# map bench (bench/big-map.ts) on the code of an earlier commit and on this checkout, alternately, twice,
# with the same scripts and synthetic views (this checkout's bench/render.ts, views.ts, big-map.ts and
# test/big-map.ts; the old renderers
# ignore the fields they do not know). Usage: sh packages/ruleset-mepbm/bench/compare-render.sh <old-commit>
set -eu
old=${1:?usage: compare-render.sh <old-commit>}
root=$(git rev-parse --show-toplevel)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
git -C "$root" archive "$old" tsconfig.base.json package.json packages/engine packages/reports packages/ruleset-mepbm | tar -x -C "$dir"
# The old tree's dependencies: this checkout's, but @arbiter/* are the old packages.
mkdir -p "$dir/node_modules/@arbiter"
for m in "$root"/node_modules/* "$root"/node_modules/.bin; do
  case "$(basename "$m")" in @arbiter) ;; *) ln -s "$m" "$dir/node_modules/$(basename "$m")" ;; esac
done
for p in engine reports ruleset-mepbm; do ln -s "$dir/packages/$p" "$dir/node_modules/@arbiter/$p"; done
cp "$root/packages/ruleset-mepbm/bench/views.ts" "$root/packages/ruleset-mepbm/bench/render.ts" "$root/packages/ruleset-mepbm/bench/big-map.ts" "$dir/packages/ruleset-mepbm/bench/"
cp "$root/packages/ruleset-mepbm/test/big-map.ts" "$dir/packages/ruleset-mepbm/test/"
for round in 1 2; do
  for side in old new; do
    if [ "$side" = old ]; then base="$dir"; else base="$root"; fi
    echo "== round $round: $side ($( [ "$side" = old ] && echo "$old" || git -C "$root" rev-parse --short HEAD))"
    (cd "$base/packages/ruleset-mepbm" && "$root/node_modules/.bin/tsx" bench/render.ts && "$root/node_modules/.bin/tsx" bench/big-map.ts)
  done
done
