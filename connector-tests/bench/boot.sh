#!/usr/bin/env bash
# Spring Boot on Hawser against the same app on Boot's embedded Tomcat and Jetty: builds
# samples/spring-boot three ways (its Maven profiles hawser, tomcat, jetty), then, in interleaved
# rounds, measures JVM start to first 200 and wrk keep-alive throughput of each.
# Documentation: docs/benchmarks.md ("Spring Boot").   Usage: connector-tests/bench/boot.sh [options]
set -euo pipefail

BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$BENCH/../.." && pwd)
COMMAND_LINE="connector-tests/bench/boot.sh${*:+ $*}"
# shellcheck source=hawser-servers.sh
source "$BENCH/hawser-servers.sh"

ROUNDS=5
DURATION=8
WARMUP=8
CONNECTIONS=50
SERVERS="hawser,tomcat,jetty"
JVM_FLAGS="-Xms512m -Xmx512m -XX:+UseParallelGC"
SERVER_CPUS=0
CLIENT_CPUS=1
PORT=28480
BUILD=1
JAVA_BIN=""
OUT=""
PATH_UNDER_TEST="/api/greeting?name=Ada"

usage() {
  cat <<EOF
usage: connector-tests/bench/boot.sh [options]

Builds samples/spring-boot with each server profile (mvn -q package -DskipTests -pl samples/spring-boot -am -PNAME)
and keeps each jar, then for round { for server }: starts java -jar pinned to CPU $SERVER_CPUS, times JVM start to the
first 200 of GET $PATH_UNDER_TEST (curl polling every 5 ms), warms up with wrk, measures wrk keep-alive
(-t1 -c$CONNECTIONS) pinned to CPU $CLIENT_CPUS, stops the server. Results: connector-tests/bench/results/boot-<UTC time>/.

  --rounds N         rounds (default $ROUNDS)
  --duration S       seconds per throughput measurement (default $DURATION; warm-up $WARMUP)
  --servers LIST     comma-separated subset of hawser,tomcat,jetty
  --java PATH        java for every server (default: a Temurin 25 under /usr/lib/jvm, else java)
  --jvm-flags FLAGS  flags for every server (default "$JVM_FLAGS")
  --no-build         use the jars of a previous build (results/boot-jars/)
  --out DIR          results folder
  -h, --help         this text
EOF
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --rounds) ROUNDS="$2"; shift ;;
    --duration) DURATION="$2"; shift ;;
    --servers) SERVERS="$2"; shift ;;
    --java) JAVA_BIN="$2"; shift ;;
    --jvm-flags) JVM_FLAGS="$2"; shift ;;
    --no-build) BUILD=0 ;;
    --out) OUT="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "boot.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
IFS=',' read -r -a SERVER_LIST <<<"$SERVERS"
for s in "${SERVER_LIST[@]}"; do
  [[ ",hawser,tomcat,jetty," == *",$s,"* ]] || { echo "boot.sh: unknown server '$s'" >&2; exit 2; }
done
for tool in wrk taskset curl awk mvn; do
  command -v "$tool" >/dev/null || { echo "boot.sh: needs $tool on the PATH" >&2; exit 2; }
done
JAVA_BIN=${JAVA_BIN:-$(default_java)}
OUT=${OUT:-$BENCH/results/boot-$(date -u +%Y%m%dT%H%M%SZ)}
JARS="$BENCH/results/boot-jars"
mkdir -p "$OUT/raw" "$OUT/logs" "$JARS"
log() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$OUT/run.log"; }
load1() { cut -d' ' -f1 /proc/loadavg; }

# ---------------------------------------------------------------- build
if [[ $BUILD == 1 ]]; then
  for ((i = ${#SERVER_LIST[@]} - 1; i >= 0; i--)); do   # the default (hawser, first) built last: target/ keeps it
    s=${SERVER_LIST[i]}
    log "build: samples/spring-boot -P$s"
    (cd "$ROOT" && mvn -q -B -ntp package -DskipTests -pl samples/spring-boot -am "-P$s") >"$OUT/logs/build-$s.log" 2>&1 \
      || { echo "boot.sh: build -P$s failed, see $OUT/logs/build-$s.log" >&2; exit 1; }
    cp "$ROOT/samples/spring-boot/target/spring-boot-sample.jar" "$JARS/$s.jar"
  done
fi

# ---------------------------------------------------------------- measure
now_ns() { date +%s%N; }
SERVER_PID=""
stop_server() {
  [[ -n "$SERVER_PID" ]] || return 0
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
}
trap stop_server EXIT

URL="http://127.0.0.1:$PORT$PATH_UNDER_TEST"
printf 'round\tserver\tstart_to_first_200_ms\tboot_reported_s\trps\tp99_ms\terrors\n' >"$OUT/measurements.tsv"
{
  echo "command=$COMMAND_LINE"
  echo "java=$JAVA_BIN ($("$JAVA_BIN" -version 2>&1 | head -1))"
  echo "jvm_flags=$JVM_FLAGS"
  echo "cpus=$(nproc) server_cpus=$SERVER_CPUS client_cpus=$CLIENT_CPUS"
  echo "load_at_start=$(cat /proc/loadavg)"
  echo "git=$(git -C "$ROOT" rev-parse --short HEAD)"
} >"$OUT/run.env"

for ((r = 1; r <= ROUNDS; r++)); do
  for s in "${SERVER_LIST[@]}"; do
    logfile="$OUT/logs/r$r-$s.log"
    t0=$(now_ns)
    # shellcheck disable=SC2086
    taskset -c "$SERVER_CPUS" "$JAVA_BIN" $JVM_FLAGS -jar "$JARS/$s.jar" --server.port="$PORT" --server.address=127.0.0.1 \
      >"$logfile" 2>&1 &
    SERVER_PID=$!
    until [[ "$(curl -s -o /dev/null -w '%{http_code}' "$URL" 2>/dev/null)" == 200 ]]; do
      kill -0 "$SERVER_PID" 2>/dev/null || { echo "boot.sh: $s exited, see $logfile" >&2; exit 1; }
      (( ($(now_ns) - t0) < 120000000000 )) || { echo "boot.sh: $s not up in 120 s" >&2; exit 1; }
      sleep 0.005
    done
    start_ms=$(( ($(now_ns) - t0) / 1000000 ))
    reported=$(grep -oE 'Started SampleApplication in [0-9.]+ seconds' "$logfile" | grep -oE '[0-9.]+' | head -1 || true)
    taskset -c "$CLIENT_CPUS" wrk -t1 "-c$CONNECTIONS" "-d${WARMUP}s" "$URL" >"$OUT/logs/r$r-$s-warmup.txt" 2>&1 \
      || { echo "boot.sh: wrk failed against $s, see $OUT/logs/r$r-$s-warmup.txt and $logfile" >&2; exit 1; }
    raw="$OUT/raw/r$r-$s.txt"
    echo "# taskset -c $CLIENT_CPUS wrk -t1 -c$CONNECTIONS -d${DURATION}s --latency $URL (load before $(load1))" >"$raw"
    taskset -c "$CLIENT_CPUS" wrk -t1 "-c$CONNECTIONS" "-d${DURATION}s" --latency "$URL" >>"$raw" 2>&1
    IFS=$'\t' read -r rps p99 _ socket_errors non2xx <<<"$(parse_wrk "$raw")"
    bad=$(( socket_errors + non2xx ))
    stop_server
    printf '%d\t%s\t%d\t%s\t%s\t%s\t%d\n' "$r" "$s" "$start_ms" "${reported:-}" "$rps" "$p99" "$bad" >>"$OUT/measurements.tsv"
    log "r$r $s: first 200 after ${start_ms} ms (Boot says ${reported:-?} s), ${rps} req/s, p99 ${p99} ms, errors ${bad}, load $(load1)"
  done
done

# ---------------------------------------------------------------- summary
{
  echo "# Spring Boot sample: Hawser vs Tomcat vs Jetty"
  echo
  echo "\`$COMMAND_LINE\`, $(date -u +%Y-%m-%dT%H:%MZ); $(sed -n 's/^java=//p' "$OUT/run.env"); flags \`$JVM_FLAGS\`;"
  echo "load average at start $(sed -n 's/^load_at_start=//p' "$OUT/run.env" | cut -d' ' -f1-3 | tr ' ' '/'), at end $(cut -d' ' -f1-3 /proc/loadavg | tr ' ' '/'), on $(nproc) CPUs; medians of $ROUNDS rounds."
  echo
  echo "| server | JVM start to first 200 (ms) | Boot's \"Started in\" (s) | keep-alive req/s | p99 (ms) | errors |"
  echo "|---|---:|---:|---:|---:|---:|"
  for s in "${SERVER_LIST[@]}"; do
    awk -F'\t' -v s="$s" '
      function median(a, n,   i, j, t) {
        for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
      }
      NR > 1 && $2 == s { n++; st[n] = $3; bt[n] = $4; rp[n] = $5; p[n] = $6; e += $7 }
      END { printf "| %s | %.0f | %.2f | %.0f | %.2f | %d |\n", s, median(st, n), median(bt, n), median(rp, n), median(p, n), e }' \
      "$OUT/measurements.tsv"
  done
} >"$OUT/summary.md"
cat "$OUT/summary.md"
log "results: $OUT"
