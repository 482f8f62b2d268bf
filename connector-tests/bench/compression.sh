#!/usr/bin/env bash
# CPU per gzip-compressed 16 KiB response: Hawser (--compression on, its DefaultServlet) against Jetty 12.1
# (CompressionHandler + GzipCompression over its ee11 DefaultServlet), the same file, in one run.
# Documentation: docs/benchmarks.md.   Usage: connector-tests/bench/compression.sh [--quick] [--no-build]
set -euo pipefail

BENCH=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$BENCH/../.." && pwd)
PEERS="$BENCH/peers"
ROUNDS=3; SECONDS_PER=10; WARMUP=8; CONNECTIONS=8; BUILD=1; QUICK=0
SERVER_CPUS=${SERVER_CPUS:-0}; CLIENT_CPUS=${CLIENT_CPUS:-1}

usage() {
  cat <<USAGE
Usage: connector-tests/bench/compression.sh [--quick] [--no-build] [--rounds N] [--seconds S]

Serves one 16 KiB text file (generated, compresses about 3:1 like HTML) from Hawser
(hawser.jar --compression on) and from Jetty 12.1 (CompressionHandler, GzipCompression), the servers
pinned to CPU $SERVER_CPUS and wrk to CPU $CLIENT_CPUS, and measures in interleaved rounds, with and
without 'Accept-Encoding: gzip', the server's CPU time (user + system, /proc) per response.
  --quick      1 round of 3 s after a 3 s warm-up: a smoke run, not for quoting
  --no-build   use the artifacts already built
Results: connector-tests/bench/results/compression-<UTC time>/summary.md
USAGE
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) QUICK=1; ROUNDS=1; SECONDS_PER=3; WARMUP=3 ;;
    --no-build) BUILD=0 ;;
    --rounds) ROUNDS="$2"; shift ;;
    --seconds) SECONDS_PER="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "compression.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
  esac
  shift
done
for tool in wrk taskset curl awk mvn gzip cmp; do
  command -v "$tool" >/dev/null || { echo "compression.sh: needs $tool on the PATH" >&2; exit 2; }
done
source "$BENCH/hawser-servers.sh"
JAVA_BIN=$(readlink -f "${JAVA_BIN:-$(default_java)}")
OUT="$BENCH/results/compression-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$OUT/site/WEB-INF" "$OUT/logs"
CLK_TCK=$(getconf CLK_TCK)
log() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$OUT/run.log" >&2; }

declare -A PID PORT
stop_pid() {
  local pid="$1" i
  [[ -n "$pid" && -e "/proc/$pid" ]] || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for i in $(seq 1 100); do [[ -e "/proc/$pid" ]] || return 0; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
}
cleanup() { local s; for s in "${!PID[@]}"; do stop_pid "${PID[$s]}"; done; }
trap cleanup EXIT
trap 'exit 130' INT TERM

if [[ $BUILD == 1 ]]; then
  log "building Hawser (mvn -q -B -ntp package -DskipTests) and the peers"
  (cd "$ROOT" && mvn -q -B -ntp package -DskipTests) >"$OUT/logs/build-hawser.log" 2>&1 \
    || { tail -30 "$OUT/logs/build-hawser.log" >&2; exit 1; }
  mvn -q -B -ntp -f "$PEERS/pom.xml" package >"$OUT/logs/build-peers.log" 2>&1 \
    || { tail -30 "$OUT/logs/build-peers.log" >&2; exit 1; }
fi

# 16384 bytes of words drawn by a fixed LCG: text that deflates about 3:1, not a repeated phrase.
awk 'BEGIN { split("the of and to in is was for on that with as by at from this be are an or it which " \
  "server request response connection header field body stream buffer thread worker loop socket timeout " \
  "compression encoding gzip deflate content length chunked cache proxy client address scheme host port", w, " ");
  n = length(w); x = 12345; s = "";
  while (length(s) < 16384) { x = (x * 1103515245 + 12345) % 2147483648; s = s w[1 + int(x / 65536) % n] " " }
  printf "%s", substr(s, 1, 16384) }' >"$OUT/site/text16k.txt"
[[ $(stat -c %s "$OUT/site/text16k.txt") == 16384 ]] || { echo "compression.sh: file not 16384 bytes" >&2; exit 1; }

start() {   # $1 server, $2 port
  local cmd
  case "$1" in
    hawser) cmd=("$JAVA_BIN" -jar "$ROOT/connector-nio/target/hawser.jar" --host 127.0.0.1 --port "$2"
                 --compression on "$OUT/site") ;;
    jetty)  cmd=("$JAVA_BIN" -cp "$PEERS/target/classes:$PEERS/target/lib/jetty/*"
                 io.hawser.bench.peers.JettyCompressionLauncher "$2" "$OUT/site") ;;
  esac
  taskset -c "$SERVER_CPUS" "${cmd[@]}" >"$OUT/logs/$1.log" 2>&1 &
  PID[$1]=$!; PORT[$1]=$2
  local i
  for i in $(seq 1 150); do
    [[ $(curl -s -o /dev/null -m 2 -w '%{http_code}' "http://127.0.0.1:$2/text16k.txt" || true) == 200 ]] && return 0
    sleep 0.2
  done
  log "$1 did not answer 200 on /text16k.txt"; tail -20 "$OUT/logs/$1.log" >&2; exit 1
}

check() {   # the gzip response decodes to the file; the identity one is the file
  local s=$1 url="http://127.0.0.1:${PORT[$1]}/text16k.txt"
  curl -s -H 'Accept-Encoding: gzip' -D "$OUT/$s.gzip.head" -o "$OUT/$s.gzip.body" "$url"
  grep -qi '^content-encoding: *gzip' "$OUT/$s.gzip.head" || { log "$s: no Content-Encoding: gzip"; exit 1; }
  gzip -dc <"$OUT/$s.gzip.body" | cmp -s - "$OUT/site/text16k.txt" || { log "$s: gzip body does not decode to the file"; exit 1; }
  curl -s -o "$OUT/$s.identity.body" "$url"
  cmp -s "$OUT/$s.identity.body" "$OUT/site/text16k.txt" || { log "$s: identity body differs"; exit 1; }
  log "$s: gzip $(stat -c %s "$OUT/$s.gzip.body") bytes for 16384"
}

ticks() { awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat"; }

measure() {   # $1 server, $2 gzip|identity, $3 seconds → "requests cpu_ms"
  local header=() raw="$OUT/logs/wrk-$1-$2-$RANDOM.txt"
  [[ $2 == gzip ]] && header=(-H 'Accept-Encoding: gzip')
  local t0; t0=$(ticks "${PID[$1]}")
  taskset -c "$CLIENT_CPUS" wrk -t1 "-c$CONNECTIONS" "-d${3}s" "${header[@]}" "http://127.0.0.1:${PORT[$1]}/text16k.txt" >"$raw" 2>&1
  local t1; t1=$(ticks "${PID[$1]}")
  local requests; requests=$(awk '/requests in/ { print $1 }' "$raw")
  echo "$requests $(( (t1 - t0) * 1000 / CLK_TCK ))"
}

start hawser 18081
start jetty 18082
check hawser; check jetty
for s in hawser jetty; do measure "$s" gzip "$WARMUP" >/dev/null; measure "$s" identity "$WARMUP" >/dev/null; done

printf 'round\tserver\tmode\trequests\tcpu_ms\tcpu_us_per_response\n' >"$OUT/measurements.tsv"
for r in $(seq 1 "$ROUNDS"); do
  for mode in gzip identity; do
    for s in hawser jetty; do
      read -r requests cpu_ms < <(measure "$s" "$mode" "$SECONDS_PER")
      per=$(awk -v c="$cpu_ms" -v n="$requests" 'BEGIN { printf "%.1f", (n > 0) ? c * 1000 / n : 0 }')
      printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$s" "$mode" "$requests" "$cpu_ms" "$per" >>"$OUT/measurements.tsv"
      log "r$r $s $mode: $requests responses, server cpu $cpu_ms ms, $per µs per response"
    done
  done
done

{
  echo "# CPU per 16 KiB response, gzip vs identity ($(date -u +%Y-%m-%d), $([[ $QUICK == 1 ]] && echo 'QUICK smoke run, not for quoting' || echo "$ROUNDS rounds of ${SECONDS_PER}s"))"
  echo
  echo "java: $("$JAVA_BIN" -version 2>&1 | head -1); server CPU $SERVER_CPUS, wrk CPU $CLIENT_CPUS, $CONNECTIONS connections; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  echo "| server | mode | median µs CPU / response | responses/s (median) |"
  echo "|---|---|---:|---:|"
  for s in hawser jetty; do
    for mode in gzip identity; do
      per=$(awk -F'\t' -v s="$s" -v m="$mode" 'NR > 1 && $2 == s && $3 == m { print $6 }' "$OUT/measurements.tsv" | sort -n)
      rps=$(awk -F'\t' -v s="$s" -v m="$mode" -v secs="$SECONDS_PER" 'NR > 1 && $2 == s && $3 == m { print $4 / secs }' \
        "$OUT/measurements.tsv" | sort -n)
      n=$(echo "$per" | wc -l); mid=$(( (n + 1) / 2 ))
      printf '| %s | %s | %s | %.0f |\n' "$s" "$mode" "$(echo "$per" | sed -n "${mid}p")" "$(echo "$rps" | sed -n "${mid}p")"
    done
  done
} | tee "$OUT/summary.md"
