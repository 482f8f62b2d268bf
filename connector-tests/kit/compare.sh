#!/usr/bin/env bash
# The conformance kit against Hawser, Jetty 12, Tomcat 11 and Undertow, each deploying the same echo WAR
# at /, then the table of docs/conformance.md (per group: passes per server; every case where they differ).
# Usage: connector-tests/kit/compare.sh [--no-build] [--servers hawser,jetty,tomcat,undertow] [--out DIR]
set -euo pipefail

KIT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$KIT_DIR/../.." && pwd)
PEERS="$ROOT/connector-tests/bench/peers"
ALL_SERVERS="hawser,jetty,tomcat,undertow"
SERVERS=$ALL_SERVERS
BUILD=1
OUT=""
PORT_BASE=28500
DOC="$ROOT/docs/conformance.md"

usage() {
  cat <<USAGE
usage: connector-tests/kit/compare.sh [options]

Builds Hawser (mvn -q -B -ntp package -DskipTests at the repository root) and the benchmark's peers
project, starts each server on 127.0.0.1 deploying samples/echo/target/echo.war at /, runs
connector-tests/kit/target/hawser-conformance.jar against it with that server's own timeouts, and
rewrites the generated part of docs/conformance.md from the verdicts.

  --servers LIST   comma-separated subset of $ALL_SERVERS (default: all)
  --no-build       use the artifacts already built
  --out DIR        where the reports go (default: connector-tests/kit/target/compare)
  --no-doc         do not touch docs/conformance.md
  -h, --help       this text

The servers' timeouts, which the kit's timeouts group waits for:
  hawser    its defaults, but --request-timeout 30s (default 300 s: one case would wait 5 minutes)
  jetty     ServerConnector's idle timeout, 30 s (headers, content and keep-alive alike)
  tomcat    the Connector's connectionTimeout, 60 s (keep-alive follows it); Tomcat's own
            maxKeepAliveRequests (100) and maxConnections (8192), not the benchmark's changes
  undertow  no idle or request timeout by default: the cases that need one are skipped
USAGE
}

WRITE_DOC=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --servers) SERVERS="$2"; shift ;;
    --no-build) BUILD=0 ;;
    --out) OUT="$2"; shift ;;
    --no-doc) WRITE_DOC=0 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "compare.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
IFS=',' read -r -a SERVER_LIST <<<"$SERVERS"
for s in "${SERVER_LIST[@]}"; do
  [[ ",$ALL_SERVERS," == *",$s,"* ]] || { echo "compare.sh: unknown server '$s' (known: $ALL_SERVERS)" >&2; exit 2; }
done
for tool in java curl python3 mvn; do
  command -v "$tool" >/dev/null || { echo "compare.sh: $tool is required" >&2; exit 1; }
done

OUT=${OUT:-"$KIT_DIR/target/compare"}
rm -rf "$OUT"
mkdir -p "$OUT/logs" "$OUT/webapps"
log() { echo "compare.sh: $*" >&2; }

if [[ $BUILD == 1 ]]; then
  log "building Hawser and the kit: mvn -q -B -ntp package -DskipTests"
  (cd "$ROOT" && mvn -q -B -ntp package -DskipTests) >"$OUT/logs/build.log" 2>&1 \
    || { tail -40 "$OUT/logs/build.log" >&2; exit 1; }
  log "building the peers: mvn -q -B -ntp -f connector-tests/bench/peers/pom.xml package"
  mvn -q -B -ntp -f "$PEERS/pom.xml" package >"$OUT/logs/build-peers.log" 2>&1 \
    || { tail -40 "$OUT/logs/build-peers.log" >&2; exit 1; }
fi
KIT_JAR="$KIT_DIR/target/hawser-conformance.jar"
WAR="$ROOT/samples/echo/target/echo.war"
for f in "$KIT_JAR" "$WAR" "$ROOT/connector-nio/target/hawser.jar"; do
  [[ -f $f ]] || { log "missing ${f#"$ROOT"/}: run without --no-build"; exit 1; }
done
cp "$WAR" "$OUT/webapps/ROOT.war"   # Hawser's launcher: file name → context path, ROOT → /

PIDS=()
cleanup() { for p in "${PIDS[@]:-}"; do [[ -n $p ]] && kill -TERM "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

start() {   # server port → sets CMD, KIT_TIMEOUTS
  local s=$1 port=$2
  case "$s" in
    hawser)   CMD=(java -jar "$ROOT/connector-nio/target/hawser.jar" --host 127.0.0.1 --port "$port"
                    --request-timeout 30s "$OUT/webapps/ROOT.war")
              KIT_TIMEOUTS=(--headers-timeout 20s --request-timeout 30s --keep-alive-timeout 65s) ;;
    jetty)    CMD=(java -cp "$PEERS/target/classes:$PEERS/target/lib/jetty/*" io.hawser.bench.peers.JettyLauncher "$port" "$WAR")
              KIT_TIMEOUTS=(--headers-timeout 30s --request-timeout 30s --keep-alive-timeout 30s) ;;
    tomcat)   CMD=(java -Dbench.tomcat.maxKeepAliveRequests=100 -Dbench.tomcat.maxConnections=8192
                    -cp "$PEERS/target/classes:$PEERS/target/lib/tomcat/*" io.hawser.bench.peers.TomcatLauncher "$port" "$WAR")
              KIT_TIMEOUTS=(--headers-timeout 60s --request-timeout 60s --keep-alive-timeout 60s) ;;
    undertow) CMD=(java -cp "$PEERS/target/classes:$PEERS/target/lib/undertow/*" io.hawser.bench.peers.UndertowLauncher "$port" "$WAR")
              KIT_TIMEOUTS=() ;;
  esac
}

i=0
for s in "${SERVER_LIST[@]}"; do
  port=$((PORT_BASE + i)); i=$((i + 1))
  start "$s" "$port"
  log "starting $s on 127.0.0.1:$port"
  "${CMD[@]}" >"$OUT/logs/$s.log" 2>&1 &
  pid=$!
  PIDS+=("$pid")
  for _ in $(seq 1 120); do
    curl -fsS -o /dev/null "http://127.0.0.1:$port/plaintext" 2>/dev/null && break
    kill -0 "$pid" 2>/dev/null || { tail -20 "$OUT/logs/$s.log" >&2; log "$s exited"; exit 1; }
    sleep 0.5
  done
  curl -fsS -o /dev/null "http://127.0.0.1:$port/plaintext" || { log "$s does not answer GET /plaintext"; exit 1; }
  if [[ $s == hawser ]]; then
    echo "Hawser $(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo '(no git)') (connector-nio/target/hawser.jar)" >"$OUT/$s.server"
  else
    grep -m1 "listening on" "$OUT/logs/$s.log" | sed 's/ listening on.*//' >"$OUT/$s.server" || echo "$s" >"$OUT/$s.server"
  fi
  log "running the kit against $s"
  status=0
  java -jar "$KIT_JAR" --base-url "http://127.0.0.1:$port/" "${KIT_TIMEOUTS[@]}" --report "$OUT/$s" \
    >"$OUT/logs/kit-$s.log" 2>&1 || status=$?
  [[ $status -le 1 ]] || { tail -20 "$OUT/logs/kit-$s.log" >&2; log "the kit failed to run against $s"; exit 1; }
  grep -E "^https?://.*: [0-9]+ passed" "$OUT/logs/kit-$s.log" | tail -1 | sed "s/^/compare.sh: $s: /" >&2 || true
  echo "${KIT_TIMEOUTS[*]:-(none)}" >"$OUT/$s.timeouts"
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
done

ARGS=()
for s in "${SERVER_LIST[@]}"; do ARGS+=("$s=$OUT/$s"); done
if [[ $WRITE_DOC == 1 ]]; then
  python3 "$KIT_DIR/tabulate.py" --doc "$DOC" --java "$(java -version 2>&1 | head -1)" "${ARGS[@]}"
  log "wrote the table into ${DOC#"$ROOT"/}"
else
  python3 "$KIT_DIR/tabulate.py" --java "$(java -version 2>&1 | head -1)" "${ARGS[@]}"
fi
