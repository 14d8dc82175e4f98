#!/bin/sh
# `npm start` (decision 0020): build what is older than its sources (nothing, after `npm install`,
# unless the sources changed since), then become the compiled server. `exec` twice (here and in the
# npm script) replaces each shell, so what `npm start` leaves running is npm and one node process.
set -e
cd "$(dirname "$0")/.."
node scripts/build.mjs --if-stale

export NODE_ENV=production
# glibc gives each thread that allocates its own malloc arena, and keeps what a burst freed in it.
# The server has a dozen threads (its own, libuv's and V8's
# pools); two arenas hold its idle memory lower (docs/benchmarks/2026-11-28-figures-from-comments.md), and the allocations that matter for
# speed (V8's heap) do not go through malloc. An operator's own setting wins.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
# NODE_ARGS: extra node flags, e.g. the bench's `--cpu-prof` (NODE_OPTIONS refuses that one).
# shellcheck disable=SC2086 # several flags, split on purpose
exec node ${NODE_ARGS:-} apps/server/dist/server.js
