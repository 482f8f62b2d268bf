#!/usr/bin/env bash
# Added latency per request of each session store against in-memory sessions: one Hawser instance
# serving the guestbook (GET /guestbook/ with a session cookie: the session is read at the start of
# each request and written at its end), measured with wrk, one store after the other.
#
#   samples/cluster/bench.sh [SECONDS] [CONNECTIONS]     # defaults 10 and 1
#
# Prints a Markdown table (docs/benchmarks.md, "Session stores", has one run). Needs wrk, curl and
# the OS packages postgresql and redis-server.
source "$(dirname "$0")/stores.sh"
trap cleanup EXIT
DURATION=${1:-10}
CONNECTIONS=${2:-1}
need_build
command -v wrk >/dev/null || { echo "wrk is not installed: apt-get install wrk" >&2; exit 1; }

echo "| store | requests/s | mean | p50 | p99 |"
echo "|---|---|---|---|---|"
for kind in memory h2 postgres redis; do
  case $kind in
    memory) STORE=memory ;;
    h2) STORE="jdbc:h2:file:$WORK/h2-sessions" ;;
    postgres) start_postgres ;;
    redis) start_redis ;;
  esac
  port=$(free_port)
  start_hawser "$port" "$STORE" "$WORK/$kind.log"
  url="http://127.0.0.1:$port/guestbook/"
  cookie=$(curl -s -c - -o /dev/null "$url" | awk '/JSESSIONID/ {print $7}')
  # warm-up, then the measurement
  wrk -t1 -c"$CONNECTIONS" -d3s -H "Cookie: JSESSIONID=$cookie" "$url" >/dev/null
  out=$(wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency -H "Cookie: JSESSIONID=$cookie" "$url")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  mean=$(awk '/^    Latency/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  errors=$(grep -E "Non-2xx|Socket errors" <<<"$out" || true)
  echo "| $kind | $rps | $mean | $p50 | $p99 |${errors:+ $errors}"
  stop_stores
done
