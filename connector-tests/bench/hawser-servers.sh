# Sourced by run.sh, profile.sh and boot.sh (needs ROOT, the repository root): the default JDK, how each
# Hawser server of the benchmark is started, and how a wrk output is read.

default_java() {   # prints a Temurin 25 under /usr/lib/jvm, else the java on the PATH, resolved
  local candidate
  for candidate in /usr/lib/jvm/temurin-25*/bin/java; do
    [[ -x "$candidate" ]] && { readlink -f "$candidate"; return; }
  done
  readlink -f "$(command -v java)"
}

hawser_args() {   # fills HAWSER_ARGS (what follows java and its flags) for server $1 on port $2 serving WAR $3;
                  # with $4 (a TLS port), $5 (PEM certificate chain) and $6 (PKCS#8 PEM key), HTTPS too;
                  # with $7 (a folder with a WEB-INF/), the WAR at / and that folder at /static
  local jar="$ROOT/connector-nio/target/hawser.jar" tls=() apps=("$3")
  [[ -n "${4:-}" ]] && tls=(--tls-port "$4" --tls-cert "$5" --tls-key "$6")
  [[ -n "${7:-}" ]] && apps=("/=$3" "/static=$7")
  case "$1" in
    hawser-servlet) HAWSER_ARGS=(-jar "$jar" --port "$2" --host 127.0.0.1 "${tls[@]}" "${apps[@]}") ;;
    hawser-vt)      HAWSER_ARGS=(-jar "$jar" --worker-threads 0 --port "$2" --host 127.0.0.1 "${tls[@]}" "${apps[@]}") ;;
    hawser-raw)     HAWSER_ARGS=(-jar "$ROOT/samples/embedded/target/embedded.jar" --port "$2" --host 127.0.0.1 "${tls[@]}") ;;
    hawser-nb)      HAWSER_ARGS=(-jar "$ROOT/samples/embedded/target/embedded.jar" --handler non-blocking --port "$2" --host 127.0.0.1 "${tls[@]}") ;;
    *) return 1 ;;
  esac
}

parse_wrk() {   # "rps p99_ms requests socket_errors non2xx" from a wrk output file
  awk '
    function ms(v) {
      if (v ~ /us$/) return substr(v, 1, length(v) - 2) / 1000
      if (v ~ /ms$/) return substr(v, 1, length(v) - 2) + 0
      if (v ~ /m$/)  return substr(v, 1, length(v) - 1) * 60000
      if (v ~ /s$/)  return substr(v, 1, length(v) - 1) * 1000
      return v + 0
    }
    /^Requests\/sec:/ { rps = $2 }
    /^ +99%/ { p99 = ms($2) }
    / requests in / { req = $1 }
    /Socket errors:/ { gsub(/,/, ""); err = $4 + $6 + $8 + $10 }
    /Non-2xx or 3xx responses:/ { non = $5 }
    END { printf "%s\t%s\t%d\t%d\t%d", (rps == "" ? 0 : rps), (p99 == "" ? "" : p99), req, err, non }' "$1"
}
