# Sourced by run.sh and profile.sh (needs ROOT, the repository root): the default JDK and how each
# Hawser server of the benchmark is started.

default_java() {   # prints a Temurin 25 under /usr/lib/jvm, else the java on the PATH, resolved
  local candidate
  for candidate in /usr/lib/jvm/temurin-25*/bin/java; do
    [[ -x "$candidate" ]] && { readlink -f "$candidate"; return; }
  done
  readlink -f "$(command -v java)"
}

hawser_args() {   # fills HAWSER_ARGS (what follows java and its flags) for server $1 on port $2 serving WAR $3;
                  # with $4 (a TLS port), $5 (PEM certificate chain) and $6 (PKCS#8 PEM key), HTTPS too
  local jar="$ROOT/connector-nio/target/hawser.jar" tls=()
  [[ -n "${4:-}" ]] && tls=(--tls-port "$4" --tls-cert "$5" --tls-key "$6")
  case "$1" in
    hawser-servlet) HAWSER_ARGS=(-jar "$jar" --port "$2" --host 127.0.0.1 "${tls[@]}" "$3") ;;
    hawser-vt)      HAWSER_ARGS=(-jar "$jar" --worker-threads 0 --port "$2" --host 127.0.0.1 "${tls[@]}" "$3") ;;
    hawser-raw)     HAWSER_ARGS=(-jar "$ROOT/samples/embedded/target/embedded.jar" --port "$2" --host 127.0.0.1 "${tls[@]}") ;;
    *) return 1 ;;
  esac
}
