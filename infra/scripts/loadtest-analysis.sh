#!/usr/bin/env bash
# `npm run loadtest:analysis`: the k6 analysis-pipeline test (infra/k6/analysis.js: BOOKS users at
# once, default 20, each uploading ROUNDS dev-set novels in turn, default 3, polling each until it is
# analysed; after WARMUP_BOOKS unmeasured books, default 20: each process compiles the engine as it first runs it) against
#   1. embedded mode (`npm start`, started by loadtest.sh on a free port unless BASE_URL is given),
#   2. the distributed topology (`npm run start:cluster`: PostgreSQL, Kafka, MinIO and one process per
#      service) with one analysis process, and
#   3. the same with two analysis processes.
# Each prints books per minute, p95 upload-to-analysed time and errors. Needs `npm run infra:install`
# (k6, Kafka, MinIO). TOPOLOGIES=embedded (or "1 2") runs a subset; NOVELS (folder names, comma-separated)
# replaces the novels listed from the dev set. Never fails on timings.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
log() { printf '[loadtest:analysis] %s\n' "$*"; }

# The dev set (as packages/test-kit/src/pdnc.ts finds it).
for dir in "${CASTBOOK_SHARED_DIR:-}" "$ROOT/../shared" /work/shared; do
  if [ -n "$dir" ] && [ -d "$dir/data/pdnc-dev" ]; then PDNC_DIR="$(cd "$dir/data/pdnc-dev" && pwd)"; break; fi
done
[ -n "${PDNC_DIR:-}" ] || { log "PDNC data not found: set CASTBOOK_SHARED_DIR"; exit 1; }
# The novels analysis.js cycles through: those of the dev set that fit the Free plan, shortest first,
# listed from the folder (k6 cannot list one; no source names a novel of the corpus).
NOVELS="${NOVELS:-$(CASTBOOK_PDNC_DIR="$PDNC_DIR" node --conditions=@castbook/source --import tsx infra/scripts/pdnc-novels.ts free)}"
log "cycling $(tr ',' '\n' <<<"$NOVELS" | wc -l) novels of the dev set"

# BOOKS users at once, ROUNDS books each, after WARMUP_BOOKS unmeasured ones (see loadtest.sh).
export PDNC_DIR NOVELS K6_SCRIPT=infra/k6/analysis.js BOOKS="${BOOKS:-20}" ROUNDS="${ROUNDS:-3}" WARMUP_BOOKS="${WARMUP_BOOKS:-20}"
# One load generator signs up every user: lift the gateway's per-address limits for the stacks
# this script starts.
export RATE_LIMIT_LOGIN_PER_MINUTE=1000000 RATE_LIMIT_REGISTER_PER_MINUTE=1000000
TOPOLOGIES="${TOPOLOGIES:-embedded 1 2}"

status_of() {
  node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(3000) }).then((r) => console.log(r.status), () => console.log("000"))' "$1"
}

cluster_pgid=""
cluster_dir=""
stop_cluster() {
  if [ -n "$cluster_pgid" ]; then
    kill -INT -- "-$cluster_pgid" 2>/dev/null || true
    for _ in $(seq 1 150); do kill -0 -- "-$cluster_pgid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL -- "-$cluster_pgid" 2>/dev/null || true
    cluster_pgid=""
  fi
  [ -z "$cluster_dir" ] || rm -rf "$cluster_dir"
  cluster_dir=""
}
trap stop_cluster EXIT
trap 'exit 130' INT TERM

for topology in $TOPOLOGIES; do
  if [ "$topology" = embedded ]; then
    LABEL="embedded" bash infra/scripts/loadtest.sh
    continue
  fi
  port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
  cluster_dir="$(mktemp -d -t castbook-cluster-XXXXXX)"
  chmod 755 "$cluster_dir"
  log "starting the distributed topology with $topology analysis process(es) on :$port (log $cluster_dir/cluster.log)"
  GATEWAY_PORT="$port" CLUSTER_DATA_DIR="$cluster_dir" ANALYSIS_INSTANCES="$topology" \
    setsid npm run start:cluster >"$cluster_dir/cluster.log" 2>&1 </dev/null &
  cluster_pgid=$!
  deadline=$((SECONDS + 240))
  until [ "$(status_of "http://127.0.0.1:$port/api/health")" = "200" ]; do
    if ! kill -0 "$cluster_pgid" 2>/dev/null || [ $SECONDS -gt $deadline ]; then
      tail -n 40 "$cluster_dir/cluster.log" >&2
      log "the cluster did not come up"; exit 1
    fi
    sleep 1
  done
  label="distributed, $topology analysis process(es)"
  if [ "$WARMUP_BOOKS" -gt 0 ]; then
    log "warming up with $WARMUP_BOOKS books (not measured)"
    BOOKS="$WARMUP_BOOKS" ROUNDS=1 WARMUP_BOOKS=0 LABEL="warm-up" BASE_URL="http://127.0.0.1:$port" \
      bash infra/scripts/loadtest.sh >/dev/null
  fi
  before="$(bash infra/scripts/cpu-by-process.sh "$cluster_dir")"
  WARMUP_BOOKS=0 LABEL="$label" BASE_URL="http://127.0.0.1:$port" bash infra/scripts/loadtest.sh
  after="$(bash infra/scripts/cpu-by-process.sh "$cluster_dir")"
  # Where a book's CPU went: each kind of process's CPU seconds over the run, per book submitted.
  join <(echo "$before") <(echo "$after") | awk -v books="$((BOOKS * ROUNDS))" -v label="$label" '
    { used[$1] = $3 - $2; total += $3 - $2 }
    END {
      line = sprintf("[%s] CPU seconds per book: %.3f in all;", label, total / books)
      for (k in used) line = line sprintf(" %s %.3f", k, used[k] / books)
      print line
    }'
  stop_cluster
done
