# Sourced by run.sh and bench.sh: throwaway session stores from the OS packages (postgresql,
# redis-server), in a temp dir, on free loopback ports; stop_stores ends what was started.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
JAR="$ROOT/connector-nio/target/hawser.jar"
WAR="$ROOT/samples/guestbook/target/guestbook.war"
WORK="$(mktemp -d -t hawser-cluster-XXXXXX)"
PIDS=()
PG_DATA=""

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

need_build() {
  if [ ! -f "$JAR" ] || [ ! -f "$WAR" ]; then
    echo "building (mvn -q package -DskipTests) ..." >&2
    (cd "$ROOT" && mvn -q -B -ntp package -DskipTests)
  fi
}

# start_redis: STORE=redis://127.0.0.1:PORT
start_redis() {
  command -v redis-server >/dev/null || { echo "redis-server is not installed: apt-get install redis-server" >&2; exit 1; }
  local port; port=$(free_port)
  redis-server --port "$port" --bind 127.0.0.1 --save "" --appendonly no --daemonize no >"$WORK/redis.log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 100); do
    grep -q "Ready to accept connections" "$WORK/redis.log" 2>/dev/null && break
    sleep 0.1
  done
  STORE="redis://127.0.0.1:$port"
}

# start_postgres: STORE=jdbc:postgresql://127.0.0.1:PORT/postgres?user=hawser
start_postgres() {
  local bin
  bin=$(dirname "$(command -v pg_ctl 2>/dev/null || ls /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | tail -1)")
  [ -x "$bin/initdb" ] || { echo "PostgreSQL is not installed: apt-get install postgresql" >&2; exit 1; }
  local port; port=$(free_port)
  local as=()
  if [ "$(id -u)" = 0 ]; then
    chown postgres "$WORK"
    as=(runuser -u postgres --)
  fi
  PG_DATA="$WORK/pg"
  "${as[@]}" "$bin/initdb" -D "$PG_DATA" -A trust -U hawser --no-sync -E UTF8 >"$WORK/initdb.log" 2>&1
  "${as[@]}" "$bin/pg_ctl" -D "$PG_DATA" -w -l "$WORK/pg.log" \
    -o "-p $port -k $WORK -c listen_addresses=127.0.0.1" start >/dev/null
  PG_STOP=("${as[@]}" "$bin/pg_ctl" -D "$PG_DATA" -m fast -w stop)
  STORE="jdbc:postgresql://127.0.0.1:$port/postgres?user=hawser"
}

# start_hawser PORT STORE|memory LOG: one launcher with the guestbook at /guestbook
start_hawser() {
  local port=$1 store=$2 log=$3
  local opts=()
  [ "$store" = memory ] || opts=(--session-store "$store")
  java -jar "$JAR" --port "$port" "${opts[@]}" "/guestbook=$WAR" >"$log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 200); do
    grep -q "listening on" "$log" 2>/dev/null && return 0
    kill -0 "${PIDS[-1]}" 2>/dev/null || { cat "$log" >&2; exit 1; }
    sleep 0.1
  done
  echo "hawser on $port did not start:" >&2; cat "$log" >&2; exit 1
}

stop_stores() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  PIDS=()
  if [ -n "$PG_DATA" ]; then "${PG_STOP[@]}" >/dev/null 2>&1 || true; PG_DATA=""; fi
}

cleanup() {
  stop_stores
  rm -rf "$WORK"
}
