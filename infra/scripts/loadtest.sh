#!/usr/bin/env bash
# `npm run loadtest`: runs the k6 script (default infra/k6/health.js; K6_SCRIPT to change) against a
# running stack at ${BASE_URL:-http://localhost:8080}. When BASE_URL is not set and nothing answers
# on localhost:8080, starts `npm start` (embedded mode) on a free port with a temp data dir, waits
# for /api/health to be 200, runs k6 and stops the stack again.
# Knobs: VUS (default 10), DURATION (default 30s); for analysis.js BOOKS, ROUNDS and WARMUP_BOOKS.
# Prints k6's summary; never fails on timings.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
CACHE="${CASTBOOK_CACHE:-$HOME/.cache/castbook}"
SCRIPT="${K6_SCRIPT:-infra/k6/health.js}"

log() { printf '[loadtest] %s\n' "$*"; }

K6="$CACHE/bin/k6"
[ -x "$K6" ] || K6="$(command -v k6 || true)"
[ -n "$K6" ] || { log "k6 is not installed: run \`npm run infra:install\`"; exit 1; }

# HTTP status of a URL, or 000 when nothing answers (node: no dependency on curl being installed).
status_of() {
  node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(3000) }).then((r) => console.log(r.status), () => console.log("000"))' "$1"
}

stack_pgid=""
data_dir=""
cleanup() {
  if [ -n "$stack_pgid" ]; then
    log "stopping the stack started for this run"
    # The stack runs in its own session/process group: signal all of it (npm, node, PostgreSQL).
    kill -TERM -- "-$stack_pgid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 -- "-$stack_pgid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL -- "-$stack_pgid" 2>/dev/null || true
  fi
  [ -z "$data_dir" ] || rm -rf "$data_dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ -n "${BASE_URL:-}" ]; then
  code="$(status_of "$BASE_URL/api/health")"
  [ "$code" != "000" ] || { log "nothing answers at $BASE_URL (BASE_URL was given, so no stack is started)"; exit 1; }
else
  BASE_URL="http://localhost:8080"
  code="$(status_of "$BASE_URL/api/health")"
  if [ "$code" = "000" ]; then
    port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
    data_dir="$(mktemp -d -t castbook-loadtest-XXXXXX)"
    # PostgreSQL runs as the `postgres` user when we are root: it must reach the data dir.
    chmod 755 "$data_dir"
    BASE_URL="http://127.0.0.1:$port"
    log "no stack at localhost:8080; starting \`npm start\` on $BASE_URL (data: $data_dir, log: $data_dir/stack.log)"
    # setsid: own session and process group, so cleanup can stop the whole tree.
    PORT="$port" DATA_DIR="$data_dir" setsid npm start >"$data_dir/stack.log" 2>&1 </dev/null &
    stack_pgid=$!
    deadline=$((SECONDS + 180))
    until [ "$(status_of "$BASE_URL/api/health")" = "200" ]; do
      if ! kill -0 "$stack_pgid" 2>/dev/null; then
        tail -n 40 "$data_dir/stack.log" >&2
        log "the stack exited before it was ready"; exit 1
      fi
      if [ $SECONDS -gt $deadline ]; then
        tail -n 40 "$data_dir/stack.log" >&2
        log "the stack was not ready after 180s"; exit 1
      fi
      sleep 0.5
    done
    log "stack ready"
  fi
fi

# A freshly started stack compiles its code as the first requests arrive (tsx, then V8's JIT; the
# Kafka JVM's too): WARMUP_BOOKS (analysis.js) sends that many books through first, unmeasured, so
# the figures are those of a running service. Long-lived processes are what production runs.
if [ -n "${WARMUP_BOOKS:-}" ] && [ "${WARMUP_BOOKS}" -gt 0 ]; then
  log "warming up with $WARMUP_BOOKS books (not measured)"
  K6_NO_USAGE_REPORT=true BOOKS="$WARMUP_BOOKS" ROUNDS=1 LABEL="warm-up" \
    "$K6" run --quiet -e BASE_URL="$BASE_URL" "$SCRIPT" >/dev/null
fi

# Scripts that size their own load (analysis.js: BOOKS users, ROUNDS books each) say so themselves.
if [ -n "${BOOKS:-}" ]; then load="$BOOKS users, ${ROUNDS:-1} book(s) each"; else load="${VUS:-10} VUs for ${DURATION:-30s}"; fi
log "$("$K6" version | sed -n 1p) → $BASE_URL ($SCRIPT, $load)"
# No usage report: k6 would phone home, and this machine reaches no such host.
K6_NO_USAGE_REPORT=true "$K6" run --quiet -e BASE_URL="$BASE_URL" "$SCRIPT"
