#!/usr/bin/env bash
# Installs the infrastructure the `infra` test tier, `npm run start:cluster` and `npm run loadtest`
# need, without Docker and from package registries only (Maven Central, the Go module proxy):
#   - Apache Kafka (broker + KRaft controller + tools) as jars resolved by Maven from infra/kafka/pom.xml
#   - MinIO, k6 and stripe-mock (billing's Stripe client is tested against it), built with `go install`
#   - Schemathesis (the api tier's OpenAPI fuzzer), with pip from PyPI into a virtualenv
# Everything lands in a cache OUTSIDE the clone so a fresh clone (CI, a second worktree) reuses it:
#   ${CASTBOOK_CACHE:-$HOME/.cache/castbook}/
#     kafka -> kafka-<version>/   libs/*.jar, bin/kafka-run-class
#     bin/minio, bin/k6, bin/stripe-mock
#     schemathesis/   a Python virtualenv, bin/schemathesis
# Idempotent: each part is skipped when already installed; re-running after a change to the pom
# re-resolves Kafka. Needs: java >= 17, mvn, go, python3 with venv (see docs/operations.md).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE="${CASTBOOK_CACHE:-$HOME/.cache/castbook}"
POM="$ROOT/infra/kafka/pom.xml"
# Pinned so CI and every developer run the same binaries (and Go's module cache stays warm).
# Override with MINIO_VERSION=latest / K6_VERSION=latest / STRIPE_MOCK_VERSION=latest to move on.
MINIO_VERSION="${MINIO_VERSION:-v0.0.0-20260212201848-7aac2a2c5b7c}"
K6_VERSION="${K6_VERSION:-v1.8.1}"
STRIPE_MOCK_VERSION="${STRIPE_MOCK_VERSION:-v0.203.0}"
SCHEMATHESIS_VERSION="${SCHEMATHESIS_VERSION:-4.32.5}"

log() { printf '[infra:install] %s\n' "$*"; }
die() { printf '[infra:install] ERROR: %s\n' "$*" >&2; exit 1; }
need() { command -v "$1" >/dev/null 2>&1 || die "'$1' is not installed: $2"; }
# Runs a step and prints how long it took (CI keeps an eye on the slow go builds).
timed() {
  local label="$1"; shift
  local start=$SECONDS
  "$@"
  log "$label took $((SECONDS - start))s"
}

# Go's official tarball lives here and is not always on a non-login shell's PATH (CI).
[ -x /usr/local/go/bin/go ] && PATH="$PATH:/usr/local/go/bin"

mkdir -p "$CACHE/bin"
# One install at a time per cache (two clones, or CI beside a developer's shell, share it).
if command -v flock >/dev/null 2>&1; then
  exec 9>"$CACHE/.install.lock"
  flock 9
fi

# ---------------------------------------------------------------- Kafka
kafka_version="$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$POM")"
[ -n "$kafka_version" ] || die "could not read <kafka.version> from $POM"
kafka_home="$CACHE/kafka-$kafka_version"
# The stamp holds the pom's hash: editing the dependency list re-resolves, anything else is a no-op.
pom_hash="$(sha256sum "$POM" | cut -d' ' -f1)"

install_kafka() {
  need java "install a JDK >= 17 (Debian: apt-get install openjdk-17-jre-headless)"
  need mvn "install Maven (Debian: apt-get install maven)"
  local tmp="$kafka_home.tmp.$$"
  rm -rf "$tmp"
  mkdir -p "$tmp/libs" "$tmp/bin"
  # Resolve into a temp dir and swap it in at the end, so an interrupted run never leaves a
  # half-filled libs/ that a later run would take for complete.
  # Maven's own output goes to a log (it is noise when all is well) and is shown when it fails.
  if ! mvn -B --no-transfer-progress -Dstyle.color=never -f "$POM" dependency:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$tmp/libs" >"$CACHE/kafka-mvn.log" 2>&1; then
    tail -n 60 "$CACHE/kafka-mvn.log" >&2
    die "Maven could not resolve Kafka (full log: $CACHE/kafka-mvn.log)"
  fi
  [ -f "$tmp/libs/kafka_2.13-$kafka_version.jar" ] || die "Maven did not produce kafka_2.13-$kafka_version.jar"
  # The same launcher Kafka's bin/kafka-run-class.sh is, minus its many knobs: lets a developer run
  # any tool, e.g. `kafka-run-class org.apache.kafka.tools.TopicCommand --bootstrap-server ... --list`.
  cat >"$tmp/bin/kafka-run-class" <<EOF
#!/usr/bin/env bash
exec java \${KAFKA_HEAP_OPTS:--Xmx256m} -Dlog4j.configuration=file:$ROOT/infra/kafka/tools-log4j.properties -cp '$kafka_home/libs/*' "\$@"
EOF
  chmod +x "$tmp/bin/kafka-run-class"
  echo "$pom_hash" >"$tmp/.installed"
  rm -rf "$kafka_home"
  mv "$tmp" "$kafka_home"
}

kafka_part() {
  if [ -f "$kafka_home/.installed" ] && [ "$(cat "$kafka_home/.installed")" = "$pom_hash" ]; then
    log "Kafka $kafka_version already installed"
  else
    log "installing Kafka $kafka_version jars from Maven Central ..."
    timed "Kafka jars" install_kafka
  fi
  # A stable path for the starters, whatever the version.
  ln -sfn "kafka-$kafka_version" "$CACHE/kafka"
}

# ---------------------------------------------------------------- MinIO, k6, stripe-mock
# Reuses a binary that is already on this machine (PATH, or GOPATH/bin from an earlier manual
# `go install`) by linking it into the cache; builds it otherwise. Building is the slow part of a
# fresh install (minutes, CPU-bound), hence the reuse.
install_go_binary() {
  local name="$1" module="$2" version="$3"
  local dest="$CACHE/bin/$name"
  if [ -x "$dest" ]; then
    log "$name already installed"
    return
  fi
  local existing=""
  if command -v "$name" >/dev/null 2>&1; then
    existing="$(command -v "$name")"
  elif command -v go >/dev/null 2>&1 && [ -x "$(go env GOPATH)/bin/$name" ]; then
    existing="$(go env GOPATH)/bin/$name"
  fi
  if [ -n "$existing" ]; then
    log "$name found at $existing, linking it"
    ln -sfn "$existing" "$dest"
    return
  fi
  need go "install Go >= 1.24 (Debian backports or go.dev), or put a $name binary on PATH"
  log "building $name ($module@$version) with go install, this takes a few minutes ..."
  # GOBIN puts the binary straight into the cache (Go's module and build caches stay in their usual
  # places, shared with any other Go work on the machine).
  timed "$name build" env GOBIN="$CACHE/bin" go install "$module@$version"
}


# ---------------------------------------------------------------- Schemathesis
# The api test tier's OpenAPI fuzzer, from PyPI into a virtualenv of its own (pip, nothing else).
# Installed in place (a venv's scripts name its own path), complete once the stamp is written.
install_schemathesis() {
  need python3 "install Python >= 3.10 with venv (Debian: apt-get install python3-venv)"
  local venv="$CACHE/schemathesis"
  rm -rf "$venv"
  python3 -m venv "$venv" || die "python3 -m venv failed (Debian: apt-get install python3-venv)"
  if ! "$venv/bin/pip" install --disable-pip-version-check --no-input "schemathesis==$SCHEMATHESIS_VERSION" \
    >"$CACHE/schemathesis-pip.log" 2>&1; then
    tail -n 30 "$CACHE/schemathesis-pip.log" >&2
    die "pip could not install schemathesis (full log: $CACHE/schemathesis-pip.log)"
  fi
  echo "$SCHEMATHESIS_VERSION" >"$venv/.installed"
}
schemathesis_part() {
  if [ -f "$CACHE/schemathesis/.installed" ] && [ "$(cat "$CACHE/schemathesis/.installed")" = "$SCHEMATHESIS_VERSION" ]; then
    log "Schemathesis $SCHEMATHESIS_VERSION already installed"
  else
    log "installing Schemathesis $SCHEMATHESIS_VERSION from PyPI ..."
    timed "Schemathesis" install_schemathesis
  fi
}

# ---------------------------------------------------------------- all of it
# Maven and pip mostly wait on the network while the Go builds keep the cores busy: on a new
# machine they run beside the builds (each part logs its own lines; a failure in one fails the
# install once the others are done).
kafka_part &
kafka_pid=$!
schemathesis_part &
schemathesis_pid=$!
install_go_binary minio github.com/minio/minio "$MINIO_VERSION"
install_go_binary k6 go.k6.io/k6 "$K6_VERSION"
install_go_binary stripe-mock github.com/stripe/stripe-mock "$STRIPE_MOCK_VERSION"
wait "$kafka_pid" || die "the Kafka install failed (see above)"
wait "$schemathesis_pid" || die "the Schemathesis install failed (see above)"

log "done. Installed in $CACHE:"
log "  Kafka $kafka_version  $CACHE/kafka/libs ($(ls "$CACHE/kafka/libs" | wc -l) jars), tools: $CACHE/kafka/bin/kafka-run-class"
log "  MinIO           $CACHE/bin/minio -> $(readlink -f "$CACHE/bin/minio")"
log "  k6              $CACHE/bin/k6 -> $(readlink -f "$CACHE/bin/k6")"
log "  stripe-mock     $CACHE/bin/stripe-mock -> $(readlink -f "$CACHE/bin/stripe-mock")"
log "  Schemathesis    $CACHE/schemathesis/bin/schemathesis ($SCHEMATHESIS_VERSION)"
log "Set CASTBOOK_CACHE to use another location (the test harness and start:cluster read it too)."
