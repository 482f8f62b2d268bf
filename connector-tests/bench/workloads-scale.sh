# Sourced by run.sh: the scale workloads (issue 20) and their options. docs/benchmarks.md, "Workloads".
#   conns1000  keep-alive with 1,000 active connections (wrk -c1000): CPU per request against keepalive's 50
#   latency    per server: rateload (rateload.c) closed-loop maximum, then open loop at 50 % and 80 % of it: p50/p99/p99.9
#   idle50k    50,000 idle keep-alive connections, on servers restarted with a bigger heap (own phase)
#   startup    JVM start to the first 200: Hawser, Jetty and Tomcat each deploying the echo WAR, and every sample WAR
# conns1000 and latency run inside run.sh's rounds on its servers; idle50k and startup start their own
# processes after the rounds (scale_phases), so their flags never touch the other workloads.
# Uses run.sh's OUT, ROOT, PEERS, JAVA_BIN, JVM_FLAG_ARRAY, RUN_SERVERS, PORT, PID, WAR, ROUNDS, DURATION,
# QUICK, WARMUP, SERVER_CPUS, CLIENT_CPUS, SKIPPED, WORKLOAD_LIST, BENCH and its functions log, settle, stop_pid,
# server_cmd, port_free, wrk_cmd, measure_idle, load1.

SCALE_WORKLOADS="conns1000,latency,idle50k,startup"
IDLE50K_CONNS=50000
IDLE50K_ASKED=""               # set when the descriptor limit forced fewer (scale_raise_limits)
IDLE50K_HEAP="-Xms3g -Xmx3g"   # replaces -Xms/-Xmx of --jvm-flags for every idle50k server: Tomcat keeps ~17.5 KiB per idle connection
ACTIVE_CONNS=1000
LATENCY_CONNS=50
LATENCY_LOADS="50,80"
LATENCY_WARMUP=2               # seconds of each rateload run not recorded (fresh connections; the server adapting to the new rate)
LATENCY_TRIES=3                # runs per cell at most: another is made while the client was disturbed (lagged, or preempted, > 1 ms)
RATELOAD=""                    # the generator, built by scale_prepare into OUT/build
STARTUP_REPS=5                 # --quick: 2, unless --startup-reps is given
STARTUP_REPS_GIVEN=0
STARTUP_POLL=0.005             # seconds between two curl polls

scale_usage() {
  cat <<EOF
  --active N         connections of the conns1000 workload (default $ACTIVE_CONNS)
  --latency-conns N  connections of the latency workload, every server (default $LATENCY_CONNS)
  --latency-loads L  percentages of each server's maximum for the latency workload (default $LATENCY_LOADS)
  --idle50k N        connections of the idle50k workload (default $IDLE50K_CONNS)
  --idle50k-heap F   heap flags of every idle50k server, replacing -Xms/-Xmx (default "$IDLE50K_HEAP")
  --startup-reps N   repetitions of the startup workload (default $STARTUP_REPS)
EOF
}

scale_option() {   # $1 an option above, $2 its value
  case "$1" in
    --active) ACTIVE_CONNS="$2" ;;
    --latency-conns) LATENCY_CONNS="$2" ;;
    --latency-loads) LATENCY_LOADS="$2" ;;
    --idle50k) IDLE50K_CONNS="$2" ;;
    --idle50k-heap) IDLE50K_HEAP="$2" ;;
    --startup-reps) STARTUP_REPS="$2"; STARTUP_REPS_GIVEN=1 ;;
  esac
}

scale_prepare() {   # before the rounds: builds the latency workload's generator, or drops the workload with one line
  [[ " ${WORKLOAD_LIST[*]} " == *" latency "* ]] || return 0
  if ! command -v cc >/dev/null; then
    SKIPPED+=("latency: no C compiler (cc) to build connector-tests/bench/rateload.c (Debian: apt-get install -y gcc)")
    log "SKIPPING the latency workload: it needs cc to build connector-tests/bench/rateload.c (Debian: apt-get install -y gcc)"
    read -r -a WORKLOAD_LIST <<<"$(printf '%s\n' "${WORKLOAD_LIST[@]}" | grep -vx latency | tr '\n' ' ')"
    return 0
  fi
  mkdir -p "$OUT/build"
  if ! cc -O2 -Wall -o "$OUT/build/rateload" "$BENCH/rateload.c" >"$OUT/logs/build-rateload.log" 2>&1; then
    log "cc -O2 connector-tests/bench/rateload.c failed; see $OUT/logs/build-rateload.log"
    exit 1
  fi
  RATELOAD="$OUT/build/rateload"
}

scale_selected() { [[ ",$WORKLOADS," == *",$1,"* ]]; }

scale_own_phase() { [[ $1 == idle50k || $1 == startup ]]; }   # not measured in run.sh's rounds

scale_raise_limits() {   # descriptors for the biggest connection count asked for: server and client each hold one per connection
  local want=$(( ACTIVE_CONNS + 2048 ))
  scale_selected idle50k && want=$(( IDLE50K_CONNS + 4096 ))
  [[ $(ulimit -n) == unlimited || $(ulimit -n) -ge $want ]] && return 0
  ulimit -n "$want" 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
  if [[ $(ulimit -n) != unlimited && $(ulimit -n) -lt $want ]]; then
    log "warning: ulimit -n is $(ulimit -n) (hard $(ulimit -Hn), fs.nr_open $(cat /proc/sys/fs/nr_open)), below the $want the scale workloads need: raising the hard limit needs CAP_SYS_RESOURCE (root outside a restricted container)"
    if scale_selected idle50k; then   # each server and the holder hold one descriptor per connection: use what fits, and say so
      IDLE50K_ASKED=$IDLE50K_CONNS
      IDLE50K_CONNS=$(( ($(ulimit -n) - 4096) / 1000 * 1000 ))
      log "WARNING idle50k: $IDLE50K_CONNS connections instead of the $IDLE50K_ASKED asked for (ulimit -n $(ulimit -n) per process); the summary says so"
    fi
  fi
}

scale_env() {   # the lines of run.env that describe the scale workloads
  [[ $QUICK == 1 && $STARTUP_REPS_GIVEN == 0 ]] && STARTUP_REPS=2
  echo "active_conns=$ACTIVE_CONNS"
  echo "cmd_conns1000=wrk -t1 -c$ACTIVE_CONNS -d${DURATION}s --latency URL"
  echo "latency_conns=$LATENCY_CONNS"
  echo "latency_loads=$LATENCY_LOADS"
  echo "cmd_latency=rateload 127.0.0.1 PORT /plaintext $LATENCY_CONNS $LATENCY_WARMUP $DURATION max|RATE (rateload.c, one client thread, pinned to CPU $CLIENT_CPUS)"
  echo "latency_tries=$LATENCY_TRIES"
  echo "cc_version=$(cc --version 2>/dev/null | head -1)"
  echo "idle50k_conns=$IDLE50K_CONNS"
  echo "idle50k_asked=$IDLE50K_ASKED"
  echo "idle50k_heap=$IDLE50K_HEAP"
  echo "idle50k_sources=$(idle50k_sources)"
  echo "startup_reps=$STARTUP_REPS"
  echo "ulimit_n=$(ulimit -n)"
  echo "ip_local_port_range=$(tr '\t' '-' </proc/sys/net/ipv4/ip_local_port_range)"
  echo "mem_available_kb=$(awk '/MemAvailable/ { print $2 }' /proc/meminfo)"
}

# ---------------------------------------------------------------- latency
latency_run() {   # $1 round, $2 server, $3 label (max, or a load %), $4 rateload's rate argument (max or req/s); sets LATENCY_ACHIEVED
  local r="$1" s="$2" raw line cmd try=1
  cmd=(taskset -c "$CLIENT_CPUS" "$RATELOAD" 127.0.0.1 "${PORT[$s]}" /plaintext "$LATENCY_CONNS" "$LATENCY_WARMUP" "$DURATION" "$4")
  kv() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$line"; }
  while :; do   # again while the client lagged behind its schedule or lost CPU 1 to another task for > 1 ms, at most LATENCY_TRIES
    raw="$OUT/raw/r$1-latency-$2-$3$([[ $try == 1 ]] || echo "-try$try").txt"
    { echo "# ${cmd[*]}"; timeout $(( LATENCY_WARMUP + DURATION + 60 )) "${cmd[@]}" 2>&1 || echo "# rateload exit status $?"; } >"$raw"
    line=$(grep -m1 '^RESULT' "$raw" || true)
    if [[ -z "$line" ]]; then
      log "r$r latency $s $3: no result; $(tail -2 "$raw" | tr '\n' ' ')"
      return 1
    fi
    [[ ( $(kv lag_max_us) -le 1000 && $(kv stalls_preempted) == 0 ) || $try -ge $LATENCY_TRIES ]] && break
    log "r$r latency $s $3: client disturbed, again (try $try: lag max $(kv lag_max_us) µs, $(kv stalls_preempted) of its $(kv stalls_1ms) stalls > 1 ms preempted, $(kv runq_wait_us) µs waiting for CPU $CLIENT_CPUS)"
    try=$(( try + 1 ))
    settle
  done
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$s" "$3" "$(kv target)" "$(kv achieved)" \
    "$(kv requests)" "$(kv non200)" "$(kv errors)" "$(kv unanswered)" "$(kv p50_us)" "$(kv p90_us)" "$(kv p99_us)" \
    "$(kv p999_us)" "$(kv max_us)" "$(kv mean_us)" "$(kv lag_max_us)" "$(load1)" "$try" "$(kv stalls_preempted)" "$(kv runq_wait_us)" >>"$OUT/latency.tsv"
  log "r$r latency $s $3: target $(kv target) req/s, achieved $(kv achieved), p50 $(kv p50_us) µs, p99 $(kv p99_us) µs, p99.9 $(kv p999_us) µs, max $(kv max_us) µs, non-200 $(kv non200), unanswered $(kv unanswered), client lag max $(kv lag_max_us) µs (try $try; $(kv stalls_preempted) of $(kv stalls_1ms) stalls > 1 ms preempted, $(kv runq_wait_us) µs waiting for CPU $CLIENT_CPUS)"
  LATENCY_ACHIEVED=$(kv achieved)
}

measure_latency() {   # $1 round, $2 server: the closed-loop maximum, then each load of LATENCY_LOADS, open loop
  local r="$1" s="$2" load max rate
  [[ -e "/proc/${PID[$s]}" ]] || { log "$s (pid ${PID[$s]}) has exited; see $OUT/logs/$s.log"; exit 1; }
  [[ $QUICK == 1 ]] && LATENCY_WARMUP=1
  [[ -f "$OUT/latency.tsv" ]] || printf 'round\tserver\tload\ttarget\tachieved\trequests\tnon200\terrors\tunanswered\tp50_us\tp90_us\tp99_us\tp999_us\tmax_us\tmean_us\tlag_max_us\tload1\ttries\tstalls_preempted\trunq_wait_us\n' >"$OUT/latency.tsv"
  latency_run "$r" "$s" max max || return 0
  max=$LATENCY_ACHIEVED
  for load in ${LATENCY_LOADS//,/ }; do
    rate=$(awk -v m="$max" -v p="$load" 'BEGIN { printf "%.0f", m * p / 100 }')
    settle
    latency_run "$r" "$s" "$load" "$rate" || true
  done
}

# ---------------------------------------------------------------- idle50k (own servers)
idle50k_sources() {   # the holder's source addresses: 127.0.0.2 on, one per 70 % of the ephemeral port range
  local lo hi per n i src=()
  read -r lo hi </proc/sys/net/ipv4/ip_local_port_range
  per=$(( (hi - lo + 1) * 7 / 10 ))   # leave room for the ports other sockets (wrk, TIME_WAIT) hold
  n=$(( (IDLE50K_CONNS + per - 1) / per ))
  for i in $(seq 1 "$n"); do src+=("127.0.0.$(( i + 1 ))"); done
  (IFS=,; echo "${src[*]}")
}

idle50k_holder() {   # called by measure_idle for idle50k: sets its holder, target and max (bash: the caller's locals)
  holder=(-Xmx1g -XX:+UseSerialGC -XX:TieredStopAtLevel=1 "-Dbench.idle.sources=$(idle50k_sources)")
  target=("${PORT[$1]}" "$IDLE50K_CONNS")
  max=300
}

heap_gib() {   # the -Xmx of a flag list, in GiB (rounded up); 1 without one
  awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^-Xmx/) { v = substr($i, 5); u = tolower(substr(v, length(v)));
           n = v + 0; g = (u == "g" ? n : u == "m" ? n / 1024 : u == "k" ? n / 1048576 : n / 1073741824); print int(g + 0.999); exit } }
       END { if (!NR) print 1 }' <<<"$1"
}

start_own() {   # $1 server, $2 port, $3 log name: starts CMD pinned like run.sh's servers and waits for a 200 on /plaintext
  local s="$1" t
  printf '%q ' taskset -c "$SERVER_CPUS" "${CMD[@]}" >"$OUT/logs/$3.cmd"
  taskset -c "$SERVER_CPUS" "${CMD[@]}" >"$OUT/logs/$3.log" 2>&1 &
  PID[$s]=$!
  PORT[$s]=$2
  log "started $s for $3 (pid ${PID[$s]}, port $2): $(cat "$OUT/logs/$3.cmd")"
  for t in $(seq 1 900); do
    [[ -e "/proc/${PID[$s]}" ]] || break
    [[ $(curl -s -o /dev/null -m 2 -w '%{http_code}' "http://127.0.0.1:$2/plaintext" || true) == 200 ]] && return 0
    sleep 0.1
  done
  log "$s did not answer 200 on /plaintext for $3; log tail:"
  tail -20 "$OUT/logs/$3.log" >&2
  return 1
}

idle50k_phase() {
  local s f flags=() heap=() servers=() port=$(( PORT_BASE + 200 )) r
  declare -A old_pid old_port
  for f in "${JVM_FLAG_ARRAY[@]}"; do [[ $f == -Xms* || $f == -Xmx* ]] || flags+=("$f"); done
  read -r -a heap <<<"$IDLE50K_HEAP"
  flags=("${heap[@]}" "${flags[@]}")
  for s in "${RUN_SERVERS[@]}"; do
    [[ $s == nginx ]] && continue   # the static-file reference only (no keep-alive /plaintext to hold)
    servers+=("$s")
  done
  [[ ${#servers[@]} -gt 0 ]] || return 0
  local need=$(( ${#servers[@]} * $(heap_gib "${flags[*]}") + 2 )) avail
  avail=$(awk '/MemAvailable/ { printf "%d", $2 / 1048576 }' /proc/meminfo)
  log "idle50k: $IDLE50K_CONNS connections per server; ${#servers[@]} servers with heap ${heap[*]}: at most $need GiB if every heap filled, $avail GiB available; ulimit -n $(ulimit -n)"
  [[ $avail -ge $need ]] || log "warning: MemAvailable ${avail} GiB < $need GiB: a server that fills its heap could push the machine into the OOM killer"
  log "idle50k: stopping the servers of the other workloads; restarting each with ${flags[*]} (Hawser also with --max-connections $(( IDLE50K_CONNS + 1000 )))"
  for s in "${!PID[@]}"; do old_pid[$s]=${PID[$s]}; old_port[$s]=${PORT[$s]}; stop_pid "${PID[$s]}"; done
  local saved=("${JVM_FLAG_ARRAY[@]}")
  JVM_FLAG_ARRAY=("${flags[@]}")
  for s in "${servers[@]}"; do
    while ! port_free "$port"; do port=$(( port + 1 )); done
    server_cmd "$s" "$port"
    case "$s" in   # the launcher's last argument is the WAR; the embedded sample has none
      hawser-raw|hawser-nb) CMD+=(--max-connections $(( IDLE50K_CONNS + 1000 ))) ;;
      hawser-*) CMD=("${CMD[@]:0:${#CMD[@]}-1}" --max-connections $(( IDLE50K_CONNS + 1000 )) "${CMD[-1]}") ;;
    esac
    start_own "$s" "$port" "$s-idle50k" || { JVM_FLAG_ARRAY=("${saved[@]}"); exit 1; }
    port=$(( port + 1 ))
  done
  JVM_FLAG_ARRAY=("${saved[@]}")
  for s in "${servers[@]}"; do   # as the other servers are before their idle workload: past start-up, JIT warm
    log "warm-up $s for idle50k: ${WARMUP} s keepalive"
    wrk_cmd keepalive "$s" "$WARMUP"
    timeout $(( WARMUP + 30 )) taskset -c "$CLIENT_CPUS" "${WRK[@]}" >"$OUT/raw/warmup-idle50k-$s.txt" 2>&1 || true
  done
  for r in $(seq 1 "$ROUNDS"); do
    for s in "${servers[@]}"; do
      settle
      measure_idle "$r" idle50k "$s"
      sleep 0.5
    done
  done
  for s in "${servers[@]}"; do stop_pid "${PID[$s]}"; done
  for s in "${!old_pid[@]}"; do PID[$s]=${old_pid[$s]}; PORT[$s]=${old_port[$s]}; done
}

# ---------------------------------------------------------------- startup (own processes)
startup_cmd() {   # fills CMD and URL for variant $1 on port $2
  local v="$1" p="$2"
  case "$v" in
    hawser-echo) CMD=("$JAVA_BIN" "${JVM_FLAG_ARRAY[@]}" -jar "$HAWSER_JAR" --port "$p" --host 127.0.0.1 "$WAR"); URL=/plaintext ;;
    hawser-all)  CMD=("$JAVA_BIN" "${JVM_FLAG_ARRAY[@]}" -jar "$HAWSER_JAR" --port "$p" --host 127.0.0.1
                      --realm "$ROOT/samples/secured/users" "$ROOT"/samples/*/target/*.war); URL=/echo/plaintext ;;
    jetty)  CMD=("$JAVA_BIN" "${JVM_FLAG_ARRAY[@]}" -cp "$PEERS/target/classes:$PEERS/target/lib/jetty-webapp/*" io.hawser.bench.peers.JettyWebAppLauncher "$p" "$WAR"); URL=/plaintext ;;
    tomcat) CMD=("$JAVA_BIN" "${JVM_FLAG_ARRAY[@]}" -cp "$PEERS/target/classes:$PEERS/target/lib/tomcat/*" io.hawser.bench.peers.TomcatWebAppLauncher "$p" "$WAR"); URL=/plaintext ;;
    # the same WARs as hawser-all, each at the context path Hawser gives it, with JSP, JSTL, WebSocket and the same users
    jetty-all)  CMD=("$JAVA_BIN" "${JVM_FLAG_ARRAY[@]}" -cp "$PEERS/target/classes:$PEERS/target/lib/jetty-all/*" io.hawser.bench.peers.JettyAllWarsLauncher
                     "$p" "$ROOT/samples/secured/users" "$ROOT"/samples/*/target/*.war); URL=/echo/plaintext ;;
    tomcat-all) CMD=("$JAVA_BIN" "${JVM_FLAG_ARRAY[@]}" -cp "$PEERS/target/classes:$PEERS/target/lib/tomcat-all/*" io.hawser.bench.peers.TomcatAllWarsLauncher
                     "$p" "$ROOT/samples/secured/users" "$ROOT"/samples/*/target/*.war); URL=/echo/plaintext ;;
  esac
}

startup_contexts() {   # $1 port: after the timed 200 of an -all variant, every sample context must answer 200 on /NAME/ (else check=FAIL)
  local war code
  for war in "$ROOT"/samples/*/target/*.war; do
    war=$(basename "$war" .war)
    code=$(curl -s -o /dev/null -m 30 -w '%{http_code}' "http://127.0.0.1:$1/$war/" || true)
    [[ $code == 200 ]] || { check="FAIL: /$war/ gave $code (a context that did not start?)"; return 0; }
  done
}

startup_once() {   # $1 repetition, $2 variant, $3 port: one launch, timed to the first 200, checked, stopped
  local rep="$1" v="$2" p="$3" t0 t1 pid ms body check=PASS log="$OUT/logs/startup-$2-$1.log"
  startup_cmd "$v" "$p"
  [[ $rep == 1 ]] && printf '%q ' taskset -c "$SERVER_CPUS" "${CMD[@]}" >"$OUT/logs/startup-$v.cmd"
  t0=$(date +%s%N)
  taskset -c "$SERVER_CPUS" "${CMD[@]}" >"$log" 2>&1 &
  pid=$!
  # The poll loop runs on the client CPU: curl every STARTUP_POLL s until a 200 (or the server exits, or 120 s).
  # A refused connection returns at once; one the kernel accepted before the server serves waits for its
  # response (-m 30), so the time is the first 200's, not rounded up to a short client timeout.
  t1=$(timeout 120 taskset -c "$CLIENT_CPUS" bash -c 'while [[ -e /proc/$1 ]]; do
      [[ $(curl -s -o /dev/null -m 30 -w "%{http_code}" "$2") == 200 ]] && { date +%s%N; exit 0; }
      sleep "$3"; done; echo 0' _ "$pid" "http://127.0.0.1:$p$URL" "$STARTUP_POLL" || echo 0)
  if [[ ${t1:-0} == 0 ]]; then
    ms="" check="FAIL: no 200 on $URL (log: logs/startup-$v-$rep.log)"
  else
    ms=$(( (t1 - t0) / 1000000 ))
    body=$(curl -s -m 5 "http://127.0.0.1:$p$URL" || true)
    [[ $body == "Hello, World!" ]] || check="FAIL: body of $URL is not 'Hello, World!'"
    [[ $check == PASS && $v == *-all ]] && startup_contexts "$p"
  fi
  stop_pid "$pid"; wait "$pid" 2>/dev/null || true
  printf '%s\t%s\t%s\t%s\t%s\n' "$rep" "$v" "$ms" "$URL" "$check" >>"$OUT/startup.tsv"
  log "startup r$rep $v: ${ms:-?} ms to the first 200 on $URL; $check"
}

startup_phase() {
  local variants=() s port=$(( PORT_BASE + 300 )) rep v
  [[ " ${RUN_SERVERS[*]} " == *" hawser-servlet "* ]] && variants+=(hawser-echo hawser-all)
  [[ " ${RUN_SERVERS[*]} " == *" jetty "* ]] && variants+=(jetty jetty-all)
  [[ " ${RUN_SERVERS[*]} " == *" tomcat "* ]] && variants+=(tomcat tomcat-all)
  [[ ${#variants[@]} -gt 0 ]] || { log "startup: none of hawser-servlet, jetty, tomcat is among the servers"; return 0; }
  [[ -f "$WAR" ]] || { log "startup: no echo WAR at ${WAR#"$ROOT"/}"; return 0; }
  for s in "${!PID[@]}"; do stop_pid "${PID[$s]}"; done
  while ! port_free "$port"; do port=$(( port + 1 )); done
  printf 'rep\tvariant\tms\turl\tcheck\n' >"$OUT/startup.tsv"
  log "startup: ${variants[*]}, $STARTUP_REPS repetitions interleaved, port $port, flags ${JVM_FLAG_ARRAY[*]}"
  for rep in $(seq 1 "$STARTUP_REPS"); do
    for v in "${variants[@]}"; do
      settle
      startup_once "$rep" "$v" "$port"
    done
  done
}

scale_phases() {   # after run.sh's rounds: the workloads that start their own server processes
  scale_selected idle50k && idle50k_phase
  scale_selected startup && startup_phase
  return 0
}
