#!/usr/bin/env bash
# Hawser end-to-end benchmark: Hawser (servlet launcher + echo WAR, and the raw embedded sample)
# against Jetty 12, Tomcat 11 and Undertow serving the same servlets, with wrk, interleaved rounds.
# Documentation: docs/benchmarks.md.   Usage: connector-tests/bench/run.sh [--quick] [options]
set -euo pipefail

BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$BENCH/../.." && pwd)
PEERS="$BENCH/peers"
source "$BENCH/workloads-scale.sh"   # conns1000, latency, idle50k, startup: defaults, options, measurements
COMMAND_LINE="connector-tests/bench/run.sh${*:+ $*}"

# ---------------------------------------------------------------- options
ROUNDS=3
DURATION=8            # keepalive and pipelined, seconds per measurement
CLOSE_DURATION=5      # close, seconds per measurement
WARMUP=8              # keepalive warm-up per server (followed by 3 s pipelined, 2 s close, bodies, 3 s keepalive)
CONNECTIONS=50
DEPTH=16
IDLE_CONNS=10000
TLS_IDLE_CONNS=2000   # a full handshake each: 10,000 take longer than Jetty's 30 s idle timeout, and Tomcat's ~72 KiB per idle TLS connection would overflow a 1 GiB heap's old generation
ALL_SERVERS="hawser-servlet,hawser-vt,hawser-raw,hawser-nb,jetty,tomcat,undertow,limit,limit-handoff,nginx"
SERVERS=$ALL_SERVERS
CLEAR_WORKLOADS="keepalive,pipelined,close,idle"
TLS_WORKLOADS="tls-keepalive,tls-pipelined,tls-close,tls-idle"
source "$BENCH/workloads-bodies.sh"    # BODY_WORKLOADS (upload,download,static) and their helpers
source "$BENCH/workloads-static.sh"
WORKLOADS=$CLEAR_WORKLOADS
JVM_FLAGS="-Xms1g -Xmx1g -XX:+UseParallelGC"
SERVER_CPUS=0
CLIENT_CPUS=1
PORT_BASE=28400
BUILD=1
QUICK=0
JAVA_BIN=""
WAR=""
OUT=""

usage() {
  cat <<EOF
usage: connector-tests/bench/run.sh [options]

Builds Hawser (mvn -q package -DskipTests at the repository root) and the peers project, starts
hawser-servlet, hawser-vt, hawser-raw, hawser-nb, jetty, tomcat, undertow and the limit loop (and nginx for the static
workload) pinned to CPU $SERVER_CPUS, checks them with curl,
warms them up, then measures with wrk pinned to CPU $CLIENT_CPUS in interleaved rounds
(for round { for workload { for server } }). Results: connector-tests/bench/results/<UTC time>/.
The tls-* workloads are the same over HTTPS (TLS 1.3, one EC P-256 certificate generated at run
time into the results folder, served by every server); they run only when asked for, as do the
body workloads upload, download (servlet-read and servlet-written 64 KiB and 1 MiB bodies) and
static (1 KiB, 64 KiB, 10 MiB files through the default servlet, and nginx).

  --quick            smoke run: 1 round, 3 s measurements (close 2 s), short warm-up; not for quoting
  --rounds N         rounds (default $ROUNDS)
  --duration S       seconds per keepalive/pipelined measurement (default $DURATION; close: $CLOSE_DURATION)
  --servers LIST     comma-separated subset of $ALL_SERVERS
  --workloads LIST   comma-separated subset of $CLEAR_WORKLOADS,
                     $TLS_WORKLOADS, $SCALE_WORKLOADS,
                     $BODY_WORKLOADS (default: the first four);
                     shorthands: clear (the first four), tls (the tls-* four), scale (conns1000,
                     latency, idle50k, startup), bodies (upload, download, static), all (every one)
  --idle N           idle keep-alive connections for the idle workload (default $IDLE_CONNS)
  --tls-idle N       idle HTTPS connections for the tls-idle workload (default $TLS_IDLE_CONNS)
  --java PATH        java for every server (default: a Temurin 25 under /usr/lib/jvm, else java)
  --jvm-flags FLAGS  flags for every server (default "$JVM_FLAGS")
  --war PATH         the echo WAR (default samples/echo/target/echo.war)
$(scale_usage)
  --port-base N      first port tried for the servers (default $PORT_BASE; idle50k uses N+200, startup N+300)
  --no-build         use the artifacts already built
  --out DIR          results folder
  -h, --help         this text
EOF
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) QUICK=1; ROUNDS=1; DURATION=3; CLOSE_DURATION=2; WARMUP=4 ;;
    --rounds) ROUNDS="$2"; shift ;;
    --duration) DURATION="$2"; shift ;;
    --servers) SERVERS="$2"; shift ;;
    --workloads) WORKLOADS="$2"; shift ;;
    --idle) IDLE_CONNS="$2"; shift ;;
    --tls-idle) TLS_IDLE_CONNS="$2"; shift ;;
    --java) JAVA_BIN="$2"; shift ;;
    --jvm-flags) JVM_FLAGS="$2"; shift ;;
    --war) WAR="$2"; shift ;;
    --active|--latency-conns|--latency-loads|--idle50k|--idle50k-heap|--startup-reps) scale_option "$1" "$2"; shift ;;
    --port-base) PORT_BASE="$2"; shift ;;
    --no-build) BUILD=0 ;;
    --out) OUT="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

IFS=',' read -r -a SERVER_LIST <<<"$SERVERS"
WORKLOADS=$(echo ",$WORKLOADS," | sed -e "s/,all,/,clear,tls,scale,bodies,/" -e "s/,clear,/,$CLEAR_WORKLOADS,/" \
  -e "s/,tls,/,$TLS_WORKLOADS,/" -e "s/,scale,/,$SCALE_WORKLOADS,/" -e "s/,bodies,/,$BODY_WORKLOADS,/" \
  -e 's/^,//' -e 's/,$//')
IFS=',' read -r -a WORKLOAD_LIST <<<"$WORKLOADS"
for s in "${SERVER_LIST[@]}"; do
  [[ ",$ALL_SERVERS," == *",$s,"* ]] || { echo "run.sh: unknown server '$s' (known: $ALL_SERVERS)" >&2; exit 2; }
done
for w in "${WORKLOAD_LIST[@]}"; do
  [[ ",$CLEAR_WORKLOADS,$TLS_WORKLOADS,$SCALE_WORKLOADS,$BODY_WORKLOADS," == *",$w,"* ]] || { echo "run.sh: unknown workload '$w'" >&2; exit 2; }
done
read -r -a WORKLOAD_LIST <<<"$(for w in "${WORKLOAD_LIST[@]}"; do cells_of "$w"; done | tr '\n' ' ')"   # upload -> upload-64k upload-1m ...
BODY_CELLS=$(printf '%s\n' "${WORKLOAD_LIST[@]}" | grep -E '^(upload|download|static)-' | paste -sd, || true)
STATIC=0
[[ ",$BODY_CELLS," == *",static-"* ]] && STATIC=1
TLS=0
[[ ",$WORKLOADS," == *",tls-"* ]] && TLS=1
tools=(wrk taskset curl awk mvn sha256sum)
[[ $TLS == 1 ]] && tools+=(openssl)
for tool in "${tools[@]}"; do
  command -v "$tool" >/dev/null || { echo "run.sh: needs $tool on the PATH" >&2; exit 2; }
done

source "$BENCH/hawser-servers.sh"
JAVA_BIN=$(readlink -f "${JAVA_BIN:-$(default_java)}")
JDK_BIN=$(dirname "$JAVA_BIN")
JCMD="$JDK_BIN/jcmd"; [[ -x "$JCMD" ]] || JCMD=$(command -v jcmd || true)
JSTAT="$JDK_BIN/jstat"; [[ -x "$JSTAT" ]] || JSTAT=$(command -v jstat || true)
KEYTOOL="$JDK_BIN/keytool"; [[ -x "$KEYTOOL" ]] || KEYTOOL=$(command -v keytool || true)
read -r -a JVM_FLAG_ARRAY <<<"$JVM_FLAGS"

STAMP=$(date -u +%Y%m%d-%H%M%S)
OUT=${OUT:-"$BENCH/results/$STAMP"}
mkdir -p "$OUT/raw" "$OUT/logs" "$OUT/check"
OUT=$(cd "$OUT" && pwd)
[[ -n "$WAR" ]] && WAR=$(readlink -f "$WAR")
cd "$OUT"   # nothing below writes outside the results folder (builds run in subshells)
START_EPOCH=$(date +%s)
CLK_TCK=$(getconf CLK_TCK)

log() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$OUT/run.log" >&2; }

# ---------------------------------------------------------------- process bookkeeping
declare -A PID PORT TLS_PORT CHECK TLS_CHECK WHAT
HOLDER_PID=""
TLS_KEYSTORE="" TLS_PASSWORD="" TLS_CHAIN="" TLS_KEY="" TLS_DESCRIPTION=""   # set by make_certificate (tls.sh)

stop_pid() {   # SIGTERM one process we started, SIGKILL after 10 s
  local pid="$1" i
  [[ -n "$pid" && -e "/proc/$pid" ]] || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for i in $(seq 1 100); do [[ -e "/proc/$pid" ]] || return 0; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
}

cleanup() {
  local s
  [[ -n "$HOLDER_PID" ]] && stop_pid "$HOLDER_PID"
  HOLDER_PID=""
  for s in "${!PID[@]}"; do stop_pid "${PID[$s]}"; done
  PID=()
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---------------------------------------------------------------- build
if [[ $BUILD == 1 ]]; then
  log "building Hawser: mvn -q -B -ntp package -DskipTests (repository root)"
  if ! (cd "$ROOT" && mvn -q -B -ntp package -DskipTests) >"$OUT/logs/build-hawser.log" 2>&1; then
    tail -40 "$OUT/logs/build-hawser.log" >&2
    log "Hawser build failed (log: $OUT/logs/build-hawser.log); --no-build benchmarks the artifacts already built"
    exit 1
  fi
  log "building the peers: mvn -q -B -ntp -f connector-tests/bench/peers/pom.xml package"
  if ! mvn -q -B -ntp -f "$PEERS/pom.xml" package >"$OUT/logs/build-peers.log" 2>&1; then
    tail -40 "$OUT/logs/build-peers.log" >&2
    log "peers build failed (log: $OUT/logs/build-peers.log)"
    exit 1
  fi
fi
[[ -f "$PEERS/target/classes/io/hawser/bench/tools/IdleHolder.class" ]] \
  || { log "the peers project is not built; run without --no-build"; exit 1; }

# ---------------------------------------------------------------- what can run
HAWSER_JAR="$ROOT/connector-nio/target/hawser.jar"
EMBEDDED_JAR="$ROOT/samples/embedded/target/embedded.jar"
if [[ -z "$WAR" ]]; then
  WAR="$ROOT/samples/echo/target/echo.war"
  if [[ ! -f "$WAR" ]]; then
    for f in "$ROOT"/samples/echo/target/*.war; do [[ -f "$f" ]] && WAR="$f" && break; done
  fi
fi
[[ -f "$WAR" ]] && WAR=$(readlink -f "$WAR")
SKIPPED=()
scale_prepare   # the latency workload's generator: cc -O2 rateload.c into $OUT/build, or the workload dropped with a line
if [[ -f "$WAR" ]]; then
  SERVLET_SOURCE="the echo WAR ${WAR#"$ROOT"/} (its WEB-INF/classes, loaded by every servlet server)"
else
  SERVLET_SOURCE="the fallback PlaintextServlet and EchoServlet of connector-tests/bench/peers (no echo WAR at ${WAR#"$ROOT"/})"
fi

RUN_SERVERS=()
for s in "${SERVER_LIST[@]}"; do
  case "$s" in
    hawser-servlet|hawser-vt)
      if [[ ! -f "$HAWSER_JAR" ]]; then
        SKIPPED+=("hawser-servlet: no launcher at connector-nio/target/hawser.jar yet")
        log "SKIPPING hawser-servlet: connector-nio/target/hawser.jar does not exist (the hawser launcher is not built in this tree)"
        continue
      fi
      if [[ ! -f "$WAR" ]]; then
        SKIPPED+=("hawser-servlet: no echo WAR (samples/echo/target/echo.war) to serve")
        log "SKIPPING hawser-servlet: no echo WAR at ${WAR#"$ROOT"/} (samples/echo is not built in this tree)"
        continue
      fi
      if ! timeout 60 "$JAVA_BIN" -jar "$HAWSER_JAR" --help >"$OUT/logs/hawser-help.txt" 2>&1; then
        SKIPPED+=("hawser-servlet: \`java -jar connector-nio/target/hawser.jar --help\` failed")
        log "SKIPPING hawser-servlet: 'java -jar hawser.jar --help' failed; see $OUT/logs/hawser-help.txt"
        continue
      fi
      ;;
    nginx)
      if [[ $STATIC != 1 ]]; then
        SKIPPED+=("nginx: it serves the static workload only, which was not asked for")
        continue
      fi
      if ! command -v nginx >/dev/null; then
        SKIPPED+=("nginx: not installed (apt-get install -y nginx)")
        log "SKIPPING nginx: no nginx on the PATH (Debian: apt-get install -y nginx)"
        continue
      fi
      ;;
    hawser-raw|hawser-nb)
      if [[ ! -f "$EMBEDDED_JAR" ]]; then
        SKIPPED+=("$s: no samples/embedded/target/embedded.jar")
        log "SKIPPING $s: samples/embedded/target/embedded.jar does not exist"
        continue
      fi
      ;;
  esac
  RUN_SERVERS+=("$s")
done
[[ ${#RUN_SERVERS[@]} -gt 0 ]] || { log "no server to run"; exit 1; }

# ---------------------------------------------------------------- TLS: one certificate for every server
declare -A HAS_TLS
if [[ $TLS == 1 ]]; then
  source "$BENCH/tls.sh"
  [[ -n "$KEYTOOL" ]] || { log "the tls-* workloads need keytool (next to $JAVA_BIN or on the PATH)"; exit 2; }
  make_certificate "$OUT/tls" || { log "could not generate the TLS certificate (log: $OUT/tls/make.log)"; exit 1; }
  log "TLS: EC P-256 certificate for 127.0.0.1/localhost generated into ${OUT#"$ROOT"/}/tls/ (server.p12, chain.pem, key.pem)"
  for s in "${RUN_SERVERS[@]}"; do
    if [[ $s == limit* || $s == nginx ]]; then
      SKIPPED+=("$s: tls-* workloads (it speaks cleartext only)")
    elif hawser_tls_missing "$s"; then
      SKIPPED+=("$s: tls-* workloads (its launcher has no --tls-port yet)")
      log "SKIPPING the tls-* workloads of $s: its --help lists no --tls-port (see $OUT/logs/$s-help.txt)"
    else
      HAS_TLS[$s]=1
    fi
  done
fi

server_cmd() {   # fills CMD for server $1 on port $2 (and HTTPS on port $3 if given)
  local s="$1" port="$2" tls_port="${3:-}" war_arg=() tls_props=()
  [[ -f "$WAR" ]] && war_arg=("$WAR")
  [[ -n "$STATIC_DIR" ]] && tls_props+=("-Dbench.static.dir=$STATIC_DIR")   # the static workload's docroot
  [[ -n "$tls_port" ]] && tls_props=("-Dbench.tls.port=$tls_port" "-Dbench.tls.keystore=$TLS_KEYSTORE" "-Dbench.tls.password=$TLS_PASSWORD")
  case "$s" in
    hawser-*) hawser_args "$s" "$port" "$WAR" "$tls_port" "$TLS_CHAIN" "$TLS_KEY" "$STATIC_DIR"; CMD=("$JAVA_BIN" "${JVM_FLAG_ARRAY[@]}" "${HAWSER_ARGS[@]}") ;;
    jetty)    CMD=("$JAVA_BIN" "${JVM_FLAG_ARRAY[@]}" "${tls_props[@]}" -cp "$PEERS/target/classes:$PEERS/target/lib/jetty/*" io.hawser.bench.peers.JettyLauncher "$port" "${war_arg[@]}") ;;
    tomcat)   CMD=("$JAVA_BIN" "${JVM_FLAG_ARRAY[@]}" "${tls_props[@]}" -cp "$PEERS/target/classes:$PEERS/target/lib/tomcat/*" io.hawser.bench.peers.TomcatLauncher "$port" "${war_arg[@]}") ;;
    undertow) CMD=("$JAVA_BIN" "${JVM_FLAG_ARRAY[@]}" "${tls_props[@]}" -cp "$PEERS/target/classes:$PEERS/target/lib/undertow/*" io.hawser.bench.peers.UndertowLauncher "$port" "${war_arg[@]}") ;;
    limit)    CMD=("$JAVA_BIN" "${JVM_FLAG_ARRAY[@]}" -cp "$PEERS/target/classes" io.hawser.bench.peers.LimitServer "$port") ;;
    limit-handoff) CMD=("$JAVA_BIN" "${JVM_FLAG_ARRAY[@]}" -cp "$PEERS/target/classes" io.hawser.bench.peers.LimitServer "$port" --hand-off) ;;
    nginx)    nginx_cmd "$port" ;;
  esac
}

# 10,000 sockets in the server and as many in the holder, plus wrk's and the JVMs' own.
want=$(( (IDLE_CONNS > TLS_IDLE_CONNS ? IDLE_CONNS : TLS_IDLE_CONNS) + 2048 ))
if [[ $(ulimit -n) != unlimited && $(ulimit -n) -lt $want ]]; then
  ulimit -n "$want" 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
  [[ $(ulimit -n) == unlimited || $(ulimit -n) -ge $want ]] || log "warning: ulimit -n is $(ulimit -n), below $want"
fi
scale_raise_limits

# ---------------------------------------------------------------- measuring helpers
pid_family() { echo "$1" $(cat /proc/"$1"/task/*/children 2>/dev/null); }   # a process and its children (nginx's worker)
proc_ticks() {   # user+system ticks of process $1 and its children
  local f=() p
  for p in $(pid_family "$1"); do f+=("/proc/$p/stat"); done
  cat "${f[@]}" 2>/dev/null | awk '{ sub(/^.*\) /, ""); t += $12 + $13 } END { print t + 0 }'
}
rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0; }
threads_of() { awk '/^Threads:/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0; }
load1() { cut -d' ' -f1 /proc/loadavg; }

core_stat() {   # "busy total" jiffies of CPU $1 (busy includes irq and softirq time)
  awk -v c="cpu$1" '$1 == c { b = $2 + $3 + $4 + $7 + $8 + $9; print b, b + $5 + $6 }' /proc/stat
}
busy_pct() { echo "$1 $2" | awk '{ dt = $4 - $2; printf "%.1f", (dt > 0 ? 100 * ($3 - $1) / dt : 0) }'; }

all_ticks() {   # "pid ppid ticks" of every process
  cat /proc/[0-9]*/stat 2>/dev/null | awk '{ pid = $1; sub(/^.*\) /, ""); print pid, $2, $12 + $13 }' || true
}
other_ms() {    # CPU ms used between two all_ticks snapshots by user processes other than $3 (pids)
  awk -v skip=" $3 " -v tck="$CLK_TCK" 'NR == FNR { t[$1] = $3; next }
    ($1 in t) && $2 != 2 && $1 != 2 && index(skip, " " $1 " ") == 0 && $3 > t[$1] { d += $3 - t[$1] }
    END { printf "%d", d * 1000 / tck }' "$1" "$2"
}

heap_after_gc_kb() {   # full GC, then used heap in KiB (S0U+S1U+EU+OU from jstat -gc); empty if not possible
  local pid="$1"
  [[ -n "$JCMD" && -n "$JSTAT" ]] || return 0
  timeout 60 "$JCMD" "$pid" GC.run >/dev/null 2>&1 || return 0
  timeout 30 "$JSTAT" -gc "$pid" 2>/dev/null | awk '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    NR == 2 { printf "%d", $(col["S0U"]) + $(col["S1U"]) + $(col["EU"]) + $(col["OU"]) }' || true
}

wrk_cmd() {   # fills WRK for workload $1 of server $2, seconds $3 (tls-*: the same over HTTPS)
  [[ -n "${BODY_BYTES[$1]:-}" ]] && { body_wrk_cmd "$@"; return; }   # workloads-bodies.sh
  local url="http://127.0.0.1:${PORT[$2]}/plaintext"
  [[ $1 == tls-* ]] && url="https://127.0.0.1:${TLS_PORT[$2]}/plaintext"
  WRK=(wrk -t1 "-c$CONNECTIONS" "-d${3}s" --latency)
  case "${1#tls-}" in
    keepalive) WRK+=("$url") ;;
    pipelined) WRK+=(-s "$BENCH/pipeline.lua" "$url" -- "$DEPTH") ;;
    close)     WRK+=(-H "Connection: close" "$url") ;;
    conns1000) WRK=(wrk -t1 "-c$ACTIVE_CONNS" "-d${3}s" --latency "$url") ;;
  esac
}

MEAS="$OUT/measurements.tsv"
IDLE="$OUT/idle.tsv"
printf 'round\tworkload\tserver\trps\tp99_ms\trequests\terrors\tnon2xx\tcpu_ms\twall_ms\tsrv_busy_pct\tcli_busy_pct\tother_pct\tload1\trss_kb\n' >"$MEAS"
printf 'round\tworkload\tserver\tconns\topen\tfailed\talive\topen_ms\tcpu_ms\trss_before_kb\trss_with_kb\theap_before_kb\theap_with_kb\tthreads_before\tthreads_with\tload1\n' >"$IDLE"

measure_wrk() {   # $1 round, $2 workload, $3 server
  local r="$1" w="$2" s="$3" pid="${PID[$3]}" secs="$DURATION" raw p0 p1 c0 c1 k0 k1 t0 t1 snap0 snap1 res
  [[ ${w#tls-} == close ]] && secs=$CLOSE_DURATION
  [[ -e "/proc/$pid" ]] || { log "$s (pid $pid) has exited; see $OUT/logs/$s.log"; exit 1; }
  raw="$OUT/raw/r$r-$w-$s.txt"
  wrk_cmd "$w" "$s" "$secs"
  snap0="$OUT/logs/.snap0"; snap1="$OUT/logs/.snap1"
  all_ticks >"$snap0"
  p0=$(proc_ticks "$pid"); c0=$(core_stat "$SERVER_CPUS"); k0=$(core_stat "$CLIENT_CPUS"); t0=$(date +%s%N)
  { echo "# taskset -c $CLIENT_CPUS ${WRK[*]}"
    timeout $(( secs + 30 )) taskset -c "$CLIENT_CPUS" "${WRK[@]}" 2>&1 || echo "# wrk exit status $?"; } >"$raw"
  t1=$(date +%s%N); p1=$(proc_ticks "$pid"); c1=$(core_stat "$SERVER_CPUS"); k1=$(core_stat "$CLIENT_CPUS")
  all_ticks >"$snap1"
  local wall_ms=$(( (t1 - t0) / 1000000 )) cpu_ms=$(( (p1 - p0) * 1000 / CLK_TCK ))
  local other_pct
  other_pct=$(awk -v o="$(other_ms "$snap0" "$snap1" "$$ $(pid_family "$pid")")" -v t="$wall_ms" 'BEGIN { printf "%.1f", (t > 0 ? 100 * o / t : 0) }')
  rm -f "$snap0" "$snap1"
  res=$(parse_wrk "$raw")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$w" "$s" "$res" "$cpu_ms" "$wall_ms" \
    "$(busy_pct "$c0" "$c1")" "$(busy_pct "$k0" "$k1")" "$other_pct" "$(load1)" "$(rss_kb "$pid")" >>"$MEAS"
  log "r$r $w $s: $(echo "$res" | awk -F'\t' '{ printf "%.0f req/s, p99 %s ms, %d requests, errors %d, non-2xx %d", $1, ($2 == "" ? "n/a" : $2), $3, $4, $5 }'), server cpu ${cpu_ms} ms, cores busy server $(busy_pct "$c0" "$c1")% wrk $(busy_pct "$k0" "$k1")%, other procs ${other_pct}%, load $(load1)"
}

measure_idle() {   # $1 round, $2 workload (idle or tls-idle), $3 server
  local r="$1" w="$2" s="$3" pid="${PID[$3]}" hb hw rb rw tb tw c0 c1 stop hl t line ready alive
  local holder=(-Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1) target=("${PORT[$s]}" "$IDLE_CONNS") max=150
  if [[ $w == tls-idle ]]; then   # a full handshake per connection: C2 for the client's crypto, room for 10,000 SSLSockets
    holder=(-Xmx1g -XX:+UseSerialGC) target=("${TLS_PORT[$s]}" "$TLS_IDLE_CONNS") max=300
  fi
  [[ $w == idle50k ]] && idle50k_holder "$s"   # 50,000 from several source addresses (workloads-scale.sh)
  [[ -e "/proc/$pid" ]] || { log "$s (pid $pid) has exited; see $OUT/logs/$s.log"; exit 1; }
  hb=$(heap_after_gc_kb "$pid"); rb=$(rss_kb "$pid"); tb=$(threads_of "$pid")
  stop="$OUT/logs/holder-r$r-$w-$s.stop"; hl="$OUT/logs/holder-r$r-$w-$s.log"
  rm -f "$stop"
  c0=$(proc_ticks "$pid")
  local trust=()
  [[ $w == tls-idle ]] && trust=("$TLS_CHAIN")
  taskset -c "$CLIENT_CPUS" "$JAVA_BIN" "${holder[@]}" \
    -cp "$PEERS/target/classes" io.hawser.bench.tools.IdleHolder 127.0.0.1 "${target[@]}" "$stop" "$max" "${trust[@]}" \
    >"$hl" 2>&1 &
  HOLDER_PID=$!
  for t in $(seq 1 $(( max * 10 ))); do
    grep -q '^READY' "$hl" 2>/dev/null && break
    [[ -e "/proc/$HOLDER_PID" ]] || break
    sleep 0.1
  done
  c1=$(proc_ticks "$pid")
  ready=$(grep '^READY' "$hl" || true)
  if [[ -z "$ready" ]]; then
    log "r$r $w $s: the holder did not get ready; $(tail -3 "$hl" | tr '\n' ' ')"
    touch "$stop"; stop_pid "$HOLDER_PID"; HOLDER_PID=""
    return 0
  fi
  sleep 0.5
  hw=$(heap_after_gc_kb "$pid"); rw=$(rss_kb "$pid"); tw=$(threads_of "$pid")
  if [[ $r == "$ROUNDS" && -n "$JCMD" ]]; then   # what the connections are made of (last round only)
    timeout 60 "$JCMD" "$pid" GC.class_histogram 2>/dev/null | head -45 >"$OUT/logs/histogram-$w-$s.txt" || true
  fi
  touch "$stop"
  for t in $(seq 1 300); do [[ -e "/proc/$HOLDER_PID" ]] || break; sleep 0.1; done
  stop_pid "$HOLDER_PID"; wait "$HOLDER_PID" 2>/dev/null || true
  HOLDER_PID=""
  rm -f "$stop"
  alive=$(sed -n 's/^ALIVE alive=\([0-9]*\).*/\1/p' "$hl")
  local open failed open_ms
  open=$(echo "$ready" | sed -n 's/.*open=\([0-9]*\).*/\1/p')
  failed=$(echo "$ready" | sed -n 's/.*failed=\([0-9]*\).*/\1/p')
  open_ms=$(echo "$ready" | sed -n 's/.* ms=\([0-9]*\).*/\1/p')
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$w" "$s" "${target[1]}" "$open" "$failed" "${alive:-}" \
    "$open_ms" "$(( (c1 - c0) * 1000 / CLK_TCK ))" "$rb" "$rw" "$hb" "$hw" "$tb" "$tw" "$(load1)" >>"$IDLE"
  if [[ -n "$alive" && -n "$open" && $alive -lt $open ]]; then
    log "r$r $w $s: WARNING the server closed $(( open - alive )) of the $open connections while they were held (idle timeout?): if before the heap was measured, heap KiB/conn is too low; use fewer (--idle, --tls-idle)"
  fi
  log "r$r $w $s: $ready; ${alive:-?} still open at the end; heap after GC ${hb:-?} -> ${hw:-?} KiB, RSS $(( rb / 1024 )) -> $(( rw / 1024 )) MiB, threads $tb -> $tw"
}

# ---------------------------------------------------------------- environment record
# Read-only git queries (GIT_OPTIONAL_LOCKS=0: status does not even refresh the index).
HAWSER_COMMIT="commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
if [[ -n "$(GIT_OPTIONAL_LOCKS=0 git -C "$ROOT" status --porcelain --untracked-files=no 2>/dev/null | head -1)" ]]; then
  HAWSER_COMMIT="$HAWSER_COMMIT + uncommitted changes"
fi
{
  echo "date_utc=$(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "quick=$QUICK"
  echo "command=$COMMAND_LINE"
  echo "hawser_commit=$HAWSER_COMMIT"
  echo "cpu_model=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)"
  echo "cpus=$(nproc)"
  echo "mem_total_kb=$(awk '/MemTotal/ { print $2 }' /proc/meminfo)"
  echo "kernel=$(uname -sr)"
  echo "java_bin=$JAVA_BIN"
  echo "java_version=$("$JAVA_BIN" -version 2>&1 | head -1)"
  echo "java_runtime=$("$JAVA_BIN" -version 2>&1 | sed -n 2p)"
  echo "jvm_flags=$JVM_FLAGS"
  echo "wrk_version=$(wrk -v 2>&1 | head -1 | awk '{ print $1, $2 }')"
  echo "server_cpus=$SERVER_CPUS"
  echo "client_cpus=$CLIENT_CPUS"
  echo "rounds=$ROUNDS"
  echo "duration=$DURATION"
  echo "close_duration=$CLOSE_DURATION"
  echo "warmup=${WARMUP} s keepalive + $(( QUICK ? 2 : 3 )) s pipelined + $(( QUICK ? 1 : 2 )) s close + $(( QUICK ? 1 : 3 )) s keepalive"
  echo "idle_conns=$IDLE_CONNS"
  echo "tls_idle_conns=$TLS_IDLE_CONNS"
  echo "servlet_source=$SERVLET_SOURCE"
  echo "skipped=$(IFS=';'; echo "${SKIPPED[*]:-}" | sed 's/;/; /g')"
  echo "cmd_keepalive=wrk -t1 -c$CONNECTIONS -d${DURATION}s --latency URL"
  echo "cmd_pipelined=wrk -t1 -c$CONNECTIONS -d${DURATION}s --latency -s pipeline.lua URL -- $DEPTH"
  echo "cmd_close=wrk -t1 -c$CONNECTIONS -d${CLOSE_DURATION}s --latency -H 'Connection: close' URL"
  if [[ $TLS == 1 ]]; then
    echo "tls=$TLS_DESCRIPTION"
    echo "cmd_tls-keepalive=wrk -t1 -c$CONNECTIONS -d${DURATION}s --latency HTTPS_URL"
    echo "cmd_tls-pipelined=wrk -t1 -c$CONNECTIONS -d${DURATION}s --latency -s pipeline.lua HTTPS_URL -- $DEPTH"
    echo "cmd_tls-close=wrk -t1 -c$CONNECTIONS -d${CLOSE_DURATION}s --latency -H 'Connection: close' HTTPS_URL"
    echo "openssl_version=$(openssl version)"
  fi
  scale_env
  [[ -n "$BODY_CELLS" ]] && bodies_env
  echo "loadavg_start=$(cut -d' ' -f1-3 /proc/loadavg)"
} >"$OUT/run.env"

# ---------------------------------------------------------------- start every server, pinned
settle() {   # before each measurement: wait (at most 30 s) until the server and client cores are quiet for a second
  local a b c d i
  for i in $(seq 30); do
    a=$(core_stat "$SERVER_CPUS"); c=$(core_stat "$CLIENT_CPUS"); sleep 1
    b=$(core_stat "$SERVER_CPUS"); d=$(core_stat "$CLIENT_CPUS")
    if awk -v p="$(busy_pct "$a" "$b")" -v q="$(busy_pct "$c" "$d")" 'BEGIN { exit !(p < 5 && q < 5) }'; then return; fi
  done
  log "CPUs $SERVER_CPUS/$CLIENT_CPUS still busy after 30 s of settling"
}

[[ $BODY_CELLS == *upload-* ]] && make_upload_bodies
if [[ $STATIC == 1 ]]; then
  make_static_files "$OUT/static"
  log "static: 1k.bin, 64k.bin, 10m.bin generated into ${STATIC_DIR#"$ROOT"/}, served at /static/"
fi
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
next=$PORT_BASE
for s in "${RUN_SERVERS[@]}"; do
  while ! port_free "$next"; do next=$(( next + 1 )); done
  PORT[$s]=$next; next=$(( next + 1 ))
  if [[ -n "${HAS_TLS[$s]:-}" ]]; then
    while ! port_free "$next"; do next=$(( next + 1 )); done
    TLS_PORT[$s]=$next; next=$(( next + 1 ))
  fi
  server_cmd "$s" "${PORT[$s]}" "${TLS_PORT[$s]:-}"
  printf '%q ' taskset -c "$SERVER_CPUS" "${CMD[@]}" >"$OUT/logs/$s.cmd"
  taskset -c "$SERVER_CPUS" "${CMD[@]}" >"$OUT/logs/$s.log" 2>&1 &
  PID[$s]=$!
  log "started $s (pid ${PID[$s]}, port ${PORT[$s]}${TLS_PORT[$s]:+, TLS port ${TLS_PORT[$s]}}): $(cat "$OUT/logs/$s.cmd")"
done
for s in "${RUN_SERVERS[@]}"; do
  ok=0
  for t in $(seq 1 900); do
    [[ -e "/proc/${PID[$s]}" ]] || break
    if [[ $(curl -s -o /dev/null -m 2 -w '%{http_code}' "http://127.0.0.1:${PORT[$s]}/plaintext" || true) == 200 ]]; then
      [[ -z "${TLS_PORT[$s]:-}" ]] && ok=1 && break
      [[ $(curl -s -o /dev/null -m 2 --cacert "$TLS_CHAIN" -w '%{http_code}' "https://127.0.0.1:${TLS_PORT[$s]}/plaintext" || true) == 200 ]] && ok=1 && break
    fi
    sleep 0.1
  done
  if [[ $ok != 1 ]]; then
    log "$s did not answer 200 on /plaintext (port ${PORT[$s]}${TLS_PORT[$s]:+, and over HTTPS on ${TLS_PORT[$s]}}); log tail:"
    tail -20 "$OUT/logs/$s.log" >&2
    exit 1
  fi
done

# ---------------------------------------------------------------- correctness checks (curl)
POST="$OUT/check/post.bin"
seq 1 30000 >"$POST"        # ~169 KB, deterministic
POST_SHA=$(sha256sum "$POST" | awk '{ print $1 }')
check() {   # PASS or FAIL: reasons. $2 = tls: the same requests over HTTPS (curl --tlsv1.3, trusting only our certificate)
  local s="$1" base="http://127.0.0.1:${PORT[$1]}" f="$OUT/check/$1" bad=() curl=(curl)
  if [[ ${2:-} == tls ]]; then
    base="https://127.0.0.1:${TLS_PORT[$1]}" f="$OUT/check/$1-tls" curl=(curl --tlsv1.3 --cacert "$TLS_CHAIN")
  fi
  "${curl[@]}" -s -m 10 -D "$f-plaintext.head" -o "$f-plaintext.body" "$base/plaintext" || bad+=("plaintext: curl failed")
  grep -q '^HTTP/1.1 200' "$f-plaintext.head" 2>/dev/null || bad+=("plaintext: status")
  grep -qi '^content-type: *text/plain' "$f-plaintext.head" 2>/dev/null || bad+=("plaintext: content-type")
  [[ "$(cat "$f-plaintext.body" 2>/dev/null)" == "Hello, World!" && $(stat -c %s "$f-plaintext.body") == 13 ]] || bad+=("plaintext: body")
  if ! can_serve "$s" echo; then   # the limit loop and nginx: /plaintext only
    if [[ ${#bad[@]} == 0 ]]; then echo "PASS (plaintext; no /echo)"; else local IFS=','; echo "FAIL: ${bad[*]}"; fi
    return
  fi
  "${curl[@]}" -s -m 20 -D "$f-echo.head" -o "$f-echo.body" -H 'Content-Type: application/octet-stream' \
    --data-binary "@$POST" "$base/echo" || bad+=("echo: curl failed")
  grep -q '^HTTP/1.1 200' "$f-echo.head" 2>/dev/null || bad+=("echo: status")
  # The echo answers either with the SHA-256 of the body it read, or with the body itself.
  if ! grep -qi "$POST_SHA" "$f-echo.body" 2>/dev/null && [[ "$(sha256sum <"$f-echo.body" | awk '{ print $1 }')" != "$POST_SHA" ]]; then
    bad+=("echo: sha256 of the POST body not found")
  fi
  if [[ ${#bad[@]} == 0 ]]; then echo PASS; else local IFS=','; echo "FAIL: ${bad[*]}"; fi
}
for s in "${RUN_SERVERS[@]}"; do
  CHECK[$s]=$(check "$s")
  if [[ -n "$BODY_CELLS" ]]; then   # workloads-bodies.sh: upload, download, static
    bodies_check "$s"
    [[ -n "$BODY_CHECK_TEXT" ]] && CHECK[$s]="${CHECK[$s]}; $BODY_CHECK_TEXT"
  fi
  if [[ -n "${TLS_PORT[$s]:-}" ]]; then
    TLS_CHECK[$s]="curl $(check "$s" tls); openssl $(tls_handshake_check "${TLS_PORT[$s]}" "$OUT/check/$s-tls")"
    log "check $s over HTTPS: ${TLS_CHECK[$s]}"
  fi
  case "$s" in
    hawser-servlet) WHAT[$s]="Hawser $HAWSER_COMMIT: the hawser launcher serving the echo WAR (default workers: platform threads, virtual beyond 200 busy)" ;;
    hawser-vt) WHAT[$s]="Hawser $HAWSER_COMMIT: the same, with --worker-threads 0 (every request on a reused virtual-thread worker)" ;;
    hawser-raw) WHAT[$s]="Hawser $HAWSER_COMMIT: samples/embedded, raw HttpHandler, no servlet layer" ;;
    hawser-nb) WHAT[$s]="Hawser $HAWSER_COMMIT: samples/embedded --handler non-blocking, the same raw handler on the selector loop (no worker hand-off)" ;;
    nginx) WHAT[$s]="$(nginx -v 2>&1 | sed 's/^nginx version: //'): sendfile on, 1 worker, access_log off (config: nginx/nginx.conf)" ;;
    *) WHAT[$s]=$(grep -m1 ' listening on ' "$OUT/logs/$s.log" | sed 's/ listening on .*//' || true) ;;
  esac
  log "check $s: ${CHECK[$s]}"
done
# The peer launchers print "WARNING <server>: ..." when the WAR declares what they do not install.
echo "not_served=$(for w in $(echo "$WORKLOADS" | tr , ' '); do not_served_note "$w"; done | paste -sd';' | sed 's/;/; /g')" >>"$OUT/run.env"
echo "launcher_warnings=$(cat "$OUT"/logs/{jetty,tomcat,undertow}.log 2>/dev/null | grep '^WARNING [^:]' | sort -u | tr '\n' ';' || true)" >>"$OUT/run.env"
rm -f "$POST"

# ---------------------------------------------------------------- warm-up
for s in "${RUN_SERVERS[@]}"; do
  log "warm-up $s: ${WARMUP} s keepalive, then pipelined, close (bodies) and keepalive again"
  wrk_cmd keepalive "$s" "$WARMUP"
  timeout $(( WARMUP + 30 )) taskset -c "$CLIENT_CPUS" "${WRK[@]}" >"$OUT/raw/warmup-keepalive-$s.txt" 2>&1 || true
  wrk_cmd pipelined "$s" $(( QUICK ? 2 : 3 ))
  timeout 40 taskset -c "$CLIENT_CPUS" "${WRK[@]}" >"$OUT/raw/warmup-pipelined-$s.txt" 2>&1 || true
  wrk_cmd close "$s" $(( QUICK ? 1 : 2 ))
  timeout 40 taskset -c "$CLIENT_CPUS" "${WRK[@]}" >"$OUT/raw/warmup-close-$s.txt" 2>&1 || true
  [[ -n "$BODY_CELLS" ]] && bodies_warmup "$s"
  # keep-alive once more, after the mix: the branches the other workloads took (connections closed
  # and opened, bodies) make the JIT deoptimise and recompile the keep-alive path, and that
  # compilation otherwise runs on the server's core inside the first measurement (its p99)
  wrk_cmd keepalive "$s" $(( QUICK ? 1 : 3 ))
  timeout 40 taskset -c "$CLIENT_CPUS" "${WRK[@]}" >"$OUT/raw/warmup-keepalive2-$s.txt" 2>&1 || true
  [[ -n "${TLS_PORT[$s]:-}" ]] || continue
  log "warm-up $s over HTTPS: ${WARMUP} s tls-keepalive, then tls-pipelined and tls-close"
  for w in tls-keepalive tls-pipelined tls-close; do
    case $w in tls-keepalive) secs=$WARMUP ;; tls-pipelined) secs=$(( QUICK ? 2 : 3 )) ;; *) secs=$(( QUICK ? 1 : 2 )) ;; esac
    wrk_cmd "$w" "$s" "$secs"
    timeout $(( secs + 30 )) taskset -c "$CLIENT_CPUS" "${WRK[@]}" >"$OUT/raw/warmup-$w-$s.txt" 2>&1 || true
  done
done

# ---------------------------------------------------------------- rounds: A B C ... A B C ...
for r in $(seq 1 "$ROUNDS"); do
  for w in "${WORKLOAD_LIST[@]}"; do
    for s in "${RUN_SERVERS[@]}"; do
      [[ $w == tls-* && -z "${TLS_PORT[$s]:-}" ]] && continue   # logged and listed under skipped above
      scale_own_phase "$w" && continue   # idle50k, startup: after the rounds, on their own processes
      serves "$s" "$w" || continue   # listed under not_served in run.env and the summary
      settle   # the previous server may still be busy after its load (Undertow's close warm-up: seconds)
      if [[ ${w#tls-} == idle ]]; then measure_idle "$r" "$w" "$s"
      elif [[ $w == latency ]]; then measure_latency "$r" "$s"
      else measure_wrk "$r" "$w" "$s"; fi
      sleep 0.5
    done
  done
done

scale_phases   # idle50k and startup (workloads-scale.sh)

# ---------------------------------------------------------------- finish
printf 'server\twhat\tcheck\tport\tpid\ttls_check\ttls_port\n' >"$OUT/servers.tsv"
for s in "${RUN_SERVERS[@]}"; do
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$s" "${WHAT[$s]}" "${CHECK[$s]}" "${PORT[$s]}" "${PID[$s]}" \
    "${TLS_CHECK[$s]:-}" "${TLS_PORT[$s]:-}" >>"$OUT/servers.tsv"
done
log "stopping the servers"
cleanup
{
  echo "loadavg_end=$(cut -d' ' -f1-3 /proc/loadavg)"
  echo "elapsed_s=$(( $(date +%s) - START_EPOCH ))"
} >>"$OUT/run.env"
"$JAVA_BIN" -cp "$PEERS/target/classes" io.hawser.bench.tools.Summary "$OUT" >"$OUT/summary.md"
"$JAVA_BIN" -cp "$PEERS/target/classes" io.hawser.bench.tools.ScaleSummary "$OUT" >>"$OUT/summary.md"
cat "$OUT/summary.md"
log "done in $(( $(date +%s) - START_EPOCH )) s; results in ${OUT#"$ROOT"/}"
