#!/usr/bin/env bash
# WebSocket echo: Hawser (the launcher, Tyrus on the servlet upgrade) against Jetty 12.1's Jakarta
# WebSocket server, the same @ServerEndpoint (peers/WsEcho) in the same run, interleaved rounds.
# Measures messages per second (one message in flight per connection), server CPU per message
# (utime+stime of the server process from /proc, over the window) and heap per idle session
# (used heap after a full GC, with N idle sessions open minus with none, divided by N).
# Usage: connector-tests/bench/websocket-echo.sh [--rounds N] [--seconds S] [--connections C]
#        [--bytes B] [--idle N] [--quick]
# Measure only on a quiet machine (the script refuses when the 1-minute load is above the CPU count,
# unless --force). Results: connector-tests/bench/results/websocket-<UTC time>/summary.tsv.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
source "$HERE/hawser-servers.sh"
ROUNDS=3 SECONDS_=20 CONNECTIONS=100 BYTES=64 IDLE=2000 FORCE=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rounds) ROUNDS=$2; shift ;;
    --seconds) SECONDS_=$2; shift ;;
    --connections) CONNECTIONS=$2; shift ;;
    --bytes) BYTES=$2; shift ;;
    --idle) IDLE=$2; shift ;;
    --quick) ROUNDS=1 SECONDS_=5 IDLE=500 ;;
    --force) FORCE=1 ;;
    --help|-h) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
load=$(cut -d' ' -f1 /proc/loadavg)
if [[ $FORCE -eq 0 ]] && awk -v l="$load" -v n="$(nproc)" 'BEGIN { exit !(l > n) }'; then
  echo "the machine is busy (load $load on $(nproc) CPUs): not measuring (--force to measure anyway)" >&2
  exit 3
fi
JAVA=$(default_java)
OUT="$HERE/results/websocket-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$OUT/logs"
(cd "$ROOT" && mvn -q -B -ntp package -DskipTests -pl connector-nio/launcher -am)
(cd "$HERE/peers" && mvn -q -B -ntp package -DskipTests)
PEERS="$HERE/peers/target"
CP_TOOLS="$PEERS/classes"
# Hawser serves WsEcho from an exploded WAR, alone so at / (the API comes from the server, as for any WAR).
WAR="$OUT/ws"
mkdir -p "$WAR/WEB-INF/classes/io/hawser/bench/peers"
cp "$PEERS/classes/io/hawser/bench/peers/WsEcho.class" "$WAR/WEB-INF/classes/io/hawser/bench/peers/"

PID=
trap '[[ -n "$PID" ]] && kill "$PID" 2>/dev/null; true' EXIT
start_server() {   # start_server NAME PORT: sets PID
  case "$1" in
    hawser) "$JAVA" -Xms512m -Xmx512m -jar "$ROOT/connector-nio/target/hawser.jar" --host 127.0.0.1 --port "$2" \
              "$WAR" > "$OUT/logs/$1.log" 2>&1 & ;;
    jetty)  "$JAVA" -Xms512m -Xmx512m -cp "$PEERS/classes:$PEERS/lib/jetty/*" \
              io.hawser.bench.peers.JettyWebSocketLauncher "$2" > "$OUT/logs/$1.log" 2>&1 & ;;
  esac
  PID=$!
  for _ in $(seq 100); do grep -q "listening on" "$OUT/logs/$1.log" && return; sleep 0.1; done
  echo "$1 did not start: $(tail -3 "$OUT/logs/$1.log")" >&2; exit 1
}

cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
heap_used() { "${JAVA%/java}/jcmd" "$1" GC.run > /dev/null; "${JAVA%/java}/jcmd" "$1" GC.heap_info | grep -o 'used [0-9]*K' | head -1 | tr -dc 0-9; }

printf 'round\tserver\tmessages_per_s\tcpu_us_per_message\theap_bytes_per_idle_session\n' > "$OUT/summary.tsv"
port=18900
for round in $(seq "$ROUNDS"); do
  for server in hawser jetty; do
    port=$((port + 1))
    start_server "$server" "$port"
    uri="ws://127.0.0.1:$port/echo"   # a lone WAR is served at /
    "$JAVA" -cp "$CP_TOOLS" io.hawser.bench.tools.WsLoad echo "$uri" "$CONNECTIONS" 5 "$BYTES" > /dev/null   # warm-up
    t0=$(cpu_ticks "$PID")
    result=$("$JAVA" -cp "$CP_TOOLS" io.hawser.bench.tools.WsLoad echo "$uri" "$CONNECTIONS" "$SECONDS_" "$BYTES")
    t1=$(cpu_ticks "$PID")
    messages=$(echo "$result" | awk '{ print $2 }'); secs=$(echo "$result" | awk '{ print $4 }')
    hz=$(getconf CLK_TCK)
    before=$(heap_used "$PID")
    coproc IDLEHOLD { "$JAVA" -cp "$CP_TOOLS" io.hawser.bench.tools.WsLoad idle "$uri" "$IDLE"; }
    read -r _ _ <&"${IDLEHOLD[0]}"   # "open N"
    after=$(heap_used "$PID")
    exec {IDLEHOLD[1]}>&-
    wait "$IDLEHOLD_PID" 2>/dev/null || true
    awk -v r="$round" -v s="$server" -v m="$messages" -v t="$secs" -v c=$((t1 - t0)) -v hz="$hz" \
        -v b="$before" -v a="$after" -v n="$IDLE" 'BEGIN {
      printf "%s\t%s\t%.0f\t%.2f\t%.0f\n", r, s, m / t, c / hz * 1e6 / m, (a - b) * 1024 / n }' >> "$OUT/summary.tsv"
    kill "$PID"; wait "$PID" 2>/dev/null || true
  done
done
column -t "$OUT/summary.tsv"
echo "results: $OUT"
