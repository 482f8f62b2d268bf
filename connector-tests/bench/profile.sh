#!/usr/bin/env bash
# Where the time goes: runs one Hawser server pinned to a core under wrk, records it with JDK Flight
# Recorder (settings=profile), and prints the hottest methods (top frames of the execution samples),
# the hottest call stacks and the allocation sites. With --perf, records it with Linux perf instead
# (kernel and Java stacks, JIT symbols from -XX:+DumpPerfMapAtExit) and prints where the samples
# went: TCP syscalls, thread hand-off, epoll, Java, JVM, on the loop and on the workers
# (perf-breakdown.awk), and the hottest symbols. Documentation: docs/benchmarks.md.
# Usage: connector-tests/bench/profile.sh [--server hawser-servlet|hawser-vt|hawser-raw|hawser-nb|limit|limit-handoff
#        |jetty|tomcat|undertow] [--workload keepalive|pipelined|close|conns1000|static|upload-64k|upload-1m
#        |download-64k|download-1m] [--seconds S] [--warmup S] [--java PATH] [--no-build] [--perf] [--port P]
#        (defaults: 15 s recorded after a 10 s warm-up, port 28390; a warm-up of 30 s lets C2 finish compiling)
# (static: GET /static/1k.bin, 1024 random bytes served by the default servlet as run.sh's static-1k cell
# serves them, 16 connections; upload-*/download-*: run.sh's body cells, 16 connections)
set -euo pipefail

BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$BENCH/../.." && pwd)
SERVER=hawser-servlet
WORKLOAD=keepalive
SECONDS_RECORDED=15
WARMUP=10
BUILD=1
PERF=0
JAVA_BIN=""
PORT=28390
SERVER_CPUS=0
CLIENT_CPUS=1

while [[ $# -gt 0 ]]; do
  case "$1" in
    --server) SERVER="$2"; shift ;;
    --workload) WORKLOAD="$2"; shift ;;
    --seconds) SECONDS_RECORDED="$2"; shift ;;
    --warmup) WARMUP="$2"; shift ;;
    --java) JAVA_BIN="$2"; shift ;;
    --port) PORT="$2"; shift ;;
    --no-build) BUILD=0 ;;
    --perf) PERF=1 ;;
    -h|--help) sed -n 2,13p "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

source "$BENCH/hawser-servers.sh"
JAVA_BIN=${JAVA_BIN:-$(default_java)}
JFR_BIN="$(dirname "$JAVA_BIN")/jfr"
if [[ $PERF == 1 ]]; then
  command -v perf >/dev/null || { echo "--perf needs perf (apt-get install -y linux-perf)" >&2; exit 2; }
else
  [[ -x "$JFR_BIN" ]] || { echo "no jfr next to $JAVA_BIN (jfr view needs JDK 21+)" >&2; exit 1; }
fi

if [[ $BUILD == 1 ]]; then
  (cd "$ROOT" && mvn -q package -DskipTests)
fi

OUT="$BENCH/results/profile-$SERVER-$WORKLOAD-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$OUT"
JFR_FILE="$OUT/recording.jfr"
FLAGS=(-Xms1g -Xmx1g -XX:+UseParallelGC)
[[ $PERF == 1 ]] && FLAGS+=(-XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit -XX:+PreserveFramePointer)
URL="http://127.0.0.1:$PORT/plaintext"
DOCROOT=""
body_bytes() { case "$1" in *-64k) echo 65536 ;; *-1m) echo 1048576 ;; esac; }
case "$WORKLOAD" in
  keepalive) WRK=(wrk -t1 -c50) ;;
  pipelined) WRK=(wrk -t1 -c50 -s "$BENCH/pipeline.lua") ;;
  close) WRK=(wrk -t1 -c50 -H "Connection: close") ;;
  conns1000) WRK=(wrk -t1 -c1000) ;;   # keepalive with 1,000 connections (run.sh's conns1000)
  static)   # the docroot as workloads-static.sh makes it: an empty WEB-INF/ makes it an exploded web app
    DOCROOT="$OUT/docroot"
    mkdir -p "$DOCROOT/WEB-INF"
    head -c 1024 /dev/urandom >"$DOCROOT/1k.bin"
    URL="http://127.0.0.1:$PORT/static/1k.bin"
    WRK=(wrk -t1 -c16) ;;
  upload-64k|upload-1m)   # run.sh's upload cells: POST the body to the echo WAR's /upload, 16 connections
    head -c "$(body_bytes "$WORKLOAD")" /dev/urandom >"$OUT/body.bin"
    WRK=(wrk -t1 -c16 -s "$BENCH/upload.lua"); URL="http://127.0.0.1:$PORT/upload" ;;
  download-64k|download-1m)   # run.sh's download cells
    WRK=(wrk -t1 -c16); URL="http://127.0.0.1:$PORT/download?size=$(body_bytes "$WORKLOAD")" ;;
  *) echo "unknown workload $WORKLOAD" >&2; exit 2 ;;
esac
CHECK_URL="$URL"
[[ $WORKLOAD == upload-* ]] && CHECK_URL="http://127.0.0.1:$PORT/plaintext"   # a GET that answers 200
if [[ $SERVER == limit || $SERVER == limit-handoff ]]; then   # the limit loop of the peers project (built by run.sh), for --perf against Hawser
  [[ -d "$BENCH/peers/target/classes" ]] || { echo "build the peers first (connector-tests/bench/run.sh builds them)" >&2; exit 2; }
  HAWSER_ARGS=(-cp "$BENCH/peers/target/classes" io.hawser.bench.peers.LimitServer "$PORT")
  [[ $SERVER == limit-handoff ]] && HAWSER_ARGS+=(--hand-off)
elif [[ $SERVER == jetty || $SERVER == tomcat || $SERVER == undertow ]]; then   # the peers (built by run.sh), with --perf
  [[ -d "$BENCH/peers/target/lib/$SERVER" ]] || { echo "build the peers first (connector-tests/bench/run.sh builds them)" >&2; exit 2; }
  main=$(tr '[:lower:]' '[:upper:]' <<<"${SERVER:0:1}")${SERVER:1}Launcher
  [[ -n "$DOCROOT" ]] && FLAGS+=("-Dbench.static.dir=$DOCROOT")   # the peers' /static context (StaticFiles)
  HAWSER_ARGS=(-cp "$BENCH/peers/target/classes:$BENCH/peers/target/lib/$SERVER/*" "io.hawser.bench.peers.$main" "$PORT"
    "$ROOT/samples/echo/target/echo.war")
else
  hawser_args "$SERVER" "$PORT" "$ROOT/samples/echo/target/echo.war" "" "" "" "$DOCROOT" \
    || { echo "unknown server $SERVER" >&2; exit 2; }
fi

taskset -c "$SERVER_CPUS" "$JAVA_BIN" "${FLAGS[@]}" "${HAWSER_ARGS[@]}" >"$OUT/server.log" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  curl -fsS -o /dev/null "$CHECK_URL" 2>/dev/null && break
  sleep 0.1
done
curl -fsS -o /dev/null "$CHECK_URL" || { echo "server did not answer $CHECK_URL; see $OUT/server.log" >&2; exit 1; }
extra=()
[[ $WORKLOAD == pipelined ]] && extra=(-- 16)
[[ $WORKLOAD == upload-* ]] && extra=(-- "$OUT/body.bin")
taskset -c "$CLIENT_CPUS" "${WRK[@]}" -d"${WARMUP}s" "$URL" "${extra[@]}" >/dev/null
if [[ $PERF == 1 ]]; then
  perf record -F 999 -g -p "$PID" -o "$OUT/perf.data" -- sleep "$SECONDS_RECORDED" 2>"$OUT/perf-record.log" &
  PERF_PID=$!
  taskset -c "$CLIENT_CPUS" "${WRK[@]}" -d"${SECONDS_RECORDED}s" "$URL" "${extra[@]}" | tee "$OUT/wrk.txt"
  wait "$PERF_PID"
  kill "$PID"; wait "$PID" 2>/dev/null || true   # the JIT symbol map is written at exit
  {
    echo "# $SERVER, $WORKLOAD, $(date -u '+%Y-%m-%d %H:%M UTC'), $("$JAVA_BIN" -version 2>&1 | head -1), perf"
    echo; echo "## where the samples went"; echo
    perf script -i "$OUT/perf.data" 2>/dev/null | awk -f "$BENCH/perf-breakdown.awk"
    echo; echo "## hottest symbols"; echo
    perf report -i "$OUT/perf.data" --no-children --sort dso,sym --stdio -g none 2>/dev/null | grep -E '^ +[0-9]' | head -30
  } | tee "$OUT/profile.txt"
  echo "recording: ${OUT#"$ROOT"/}/perf.data"
  exit 0
fi
"$(dirname "$JAVA_BIN")/jcmd" "$PID" JFR.start name=profile settings=profile filename="$JFR_FILE" >/dev/null
taskset -c "$CLIENT_CPUS" "${WRK[@]}" -d"${SECONDS_RECORDED}s" "$URL" "${extra[@]}" | tee "$OUT/wrk.txt"
"$(dirname "$JAVA_BIN")/jcmd" "$PID" JFR.stop name=profile >/dev/null

{
  echo "# $SERVER, $WORKLOAD, $(date -u '+%Y-%m-%d %H:%M UTC'), $("$JAVA_BIN" -version 2>&1 | head -1)"
  for view in hot-methods allocation-by-site; do
    echo; echo "## jfr view $view"; echo
    "$JFR_BIN" view --width 160 "$view" "$JFR_FILE"
  done
} | tee "$OUT/profile.txt"
echo "recording: ${JFR_FILE#"$ROOT"/}"
