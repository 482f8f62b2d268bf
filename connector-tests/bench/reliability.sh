#!/usr/bin/env bash
# Reliability run before a release: slowloris, slow body, slow reader, a bad-connection storm (the
# server's descriptors, threads and heap before and after), running out of descriptors (a second
# server under ulimit -n), and a soak. Each scenario prints PASS or FAIL with its numbers; the exit
# code is 1 when any failed. About 5 minutes; --quick about 2. Results: docs/reliability.md.
#
#   connector-tests/bench/reliability.sh [--quick] [--port N]   (default: a free port)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
source "$ROOT/connector-tests/bench/hawser-servers.sh"
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
QUICK=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) QUICK=(--quick) ;;
    --port) PORT="$2"; shift ;;
    *) echo "usage: $0 [--quick] [--port N]" >&2; exit 2 ;;
  esac
  shift
done
JAR="$ROOT/connector-nio/target/hawser.jar"
WAR="$ROOT/samples/echo/target/echo.war"
[[ -f "$JAR" && -f "$WAR" ]] || (cd "$ROOT" && mvn -B -ntp -q package -DskipTests)
JAVA="$(default_java)"
LOG="$(mktemp /tmp/hawser-reliability.XXXXXX.log)"

echo "reliability run $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) cores, $(awk '/MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo)," \
     "$("$JAVA" -version 2>&1 | head -1), commit $(cd "$ROOT" && git rev-parse --short HEAD)"
# short timeouts so that each scenario takes seconds
"$JAVA" -Xmx256m -jar "$JAR" --host 127.0.0.1 --port "$PORT" --headers-timeout 2s --request-timeout 4s \
  --write-timeout 2s "$WAR" >"$LOG" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null || true' EXIT
for _ in $(seq 100); do
  grep -q "^listening on" "$LOG" && break
  sleep 0.1
done
grep -q "^listening on" "$LOG" || { echo "the server did not start:"; cat "$LOG"; exit 1; }

status=0
python3 "$ROOT/connector-tests/bench/reliability.py" --port "$PORT" --pid "$PID" "${QUICK[@]}" \
  --java "$JAVA" --jar "$JAR" --war "$WAR" || status=$?
lines=$(wc -l <"$LOG")
echo "server log: $lines lines ($LOG)"
kill -TERM $PID
wait $PID || true
exit $status
