# Sourced by run.sh: the body workloads. Documentation: docs/benchmarks.md ("Workloads").
#   upload   -> cells upload-64k, upload-1m: POST a 64 KiB / 1 MiB body to /upload (the echo WAR's
#               UploadServlet reads it whole from getInputStream and answers its length)
#   download -> cells download-64k, download-1m: GET /download?size=N (DownloadServlet: a
#               preallocated array in 16 KiB writes, with Content-Length)
#   static   -> cells static-1k, static-64k, static-10m (workloads-static.sh)
# Needs from run.sh: OUT, BENCH, PORT, CLIENT_CPUS, QUICK, log, SKIPPED, RUN_SERVERS.

BODY_WORKLOADS="upload,download,static"
BODY_CONNECTIONS=16          # wrk connections of every body cell (a 1 MiB body each in flight)
declare -A BODY_BYTES=([upload-64k]=65536 [upload-1m]=1048576 [download-64k]=65536 [download-1m]=1048576
                       [static-1k]=1024 [static-64k]=65536 [static-10m]=10485760)
declare -A BODY_OK           # "server:workload" -> 1 when its checks passed
declare -A BODY_WHY          # "server:workload" -> why it is not measured although it has the routes
# The content DownloadServlet sends: this 64-byte line (63 characters and LF), repeated, cut at N bytes.
DOWNLOAD_LINE=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde

cells_of() {   # the measured cells of workload $1 (itself for the others)
  case "$1" in
    upload) echo upload-64k upload-1m ;;
    download) echo download-64k download-1m ;;
    static) echo static-1k static-64k static-10m ;;
    *) echo "$1" ;;
  esac
}

can_serve() {   # whether server $1 has the routes of workload or cell $2 at all (echo: the /echo check)
  case "$1:$2" in
    limit:keepalive|limit:pipelined|limit:close|limit:idle|limit:latency) return 0 ;;   # latency: the floor of the latency table
    limit-handoff:keepalive|limit-handoff:pipelined|limit-handoff:close) return 0 ;;
    limit*:*) return 1 ;;                                  # canned /plaintext only
    nginx:static*) return 0 ;;
    nginx:*) return 1 ;;                                   # the static-file reference only
    hawser-raw:upload*|hawser-raw:download*|hawser-raw:static*) return 1 ;;
    hawser-nb:upload*|hawser-nb:download*|hawser-nb:static*) return 1 ;;   # samples/embedded has no such routes
  esac
  return 0
}

serves() {   # whether server $1 is measured in workload or cell $2: it has the routes and passed their checks
  can_serve "$1" "$2" || return 1
  case "$2" in
    upload-*|download-*|static-*) [[ -n "${BODY_OK[$1:${2%%-*}]:-}" ]] ;;
  esac
}

not_served_note() {   # one line for the summary: who skips which workloads, and why
  local w="$1" s missing=()
  for s in "${RUN_SERVERS[@]}"; do
    case "$w" in
      upload|download|static) serves "$s" "$(cells_of "$w" | cut -d' ' -f1)" || missing+=("$s${BODY_WHY[$s:$w]:+ (${BODY_WHY[$s:$w]})}") ;;
      *) can_serve "$s" "$w" || missing+=("$s") ;;
    esac
  done
  [[ ${#missing[@]} -gt 0 ]] && echo "$w: not run on $(IFS=,; echo "${missing[*]}")"
  return 0
}

make_upload_bodies() {   # the POST bodies, generated once: $OUT/bodies/upload-<bytes>.bin
  mkdir -p "$OUT/bodies"
  local n
  for n in 65536 1048576; do
    head -c "$n" /dev/urandom >"$OUT/bodies/upload-$n.bin"
  done
}

download_expected() {   # the first $1 bytes DownloadServlet sends
  yes "$DOWNLOAD_LINE" | head -c "$1"
}

body_wrk_cmd() {   # fills WRK for body cell $1 of server $2, $3 seconds
  local w="$1" s="$2" secs="$3" n="${BODY_BYTES[$1]}" base="http://127.0.0.1:${PORT[$2]}"
  WRK=(wrk -t1 "-c$BODY_CONNECTIONS" "-d${secs}s" --latency)
  case "$w" in
    upload-*) WRK+=(-s "$BENCH/upload.lua" "$base/upload" -- "$OUT/bodies/upload-$n.bin") ;;
    download-*) WRK+=("$base/download?size=$n") ;;
    static-*) WRK+=("$base/static/${w#static-}.bin") ;;
  esac
}

bodies_check() {   # curl checks of the body workloads asked for, on server $1: sets BODY_OK and BODY_CHECK_TEXT
  local s="$1" base="http://127.0.0.1:${PORT[$1]}" f="$OUT/check/$1" n out=() bad
  if can_serve "$s" upload && [[ ",$BODY_CELLS," == *",upload-"* ]]; then
    bad=()
    for n in 65536 1048576; do
      curl -s -m 20 -D "$f-upload-$n.head" -o "$f-upload-$n.body" -H 'Content-Type: application/octet-stream' \
        --data-binary "@$OUT/bodies/upload-$n.bin" "$base/upload" || bad+=("upload $n: curl failed")
      grep -q '^HTTP/1.1 200' "$f-upload-$n.head" 2>/dev/null || bad+=("upload $n: status")
      [[ "$(cat "$f-upload-$n.body" 2>/dev/null)" == "$n" ]] || bad+=("upload $n: answer is not $n")
    done
    [[ ${#bad[@]} == 0 ]] && BODY_OK[$s:upload]=1 || BODY_WHY[$s:upload]="checks failed"
    out+=("upload $(verdict "${bad[@]}")")
  fi
  if can_serve "$s" download && [[ ",$BODY_CELLS," == *",download-"* ]]; then
    bad=()
    for n in 65536 1048576; do
      curl -s -m 20 -D "$f-download-$n.head" -o "$f-download-$n.body" "$base/download?size=$n" || bad+=("download $n: curl failed")
      grep -q '^HTTP/1.1 200' "$f-download-$n.head" 2>/dev/null || bad+=("download $n: status")
      tr -d '\r' <"$f-download-$n.head" | grep -qix "content-length: *$n" || bad+=("download $n: Content-Length")
      [[ "$(sha256sum <"$f-download-$n.body" | awk '{ print $1 }')" == "$(download_expected "$n" | sha256sum | awk '{ print $1 }')" ]] \
        || bad+=("download $n: content")
    done
    [[ ${#bad[@]} == 0 ]] && BODY_OK[$s:download]=1 || BODY_WHY[$s:download]="checks failed"
    out+=("download $(verdict "${bad[@]}")")
  fi
  if can_serve "$s" static && [[ ",$BODY_CELLS," == *",static-"* ]]; then
    static_check "$s"   # not in a subshell: it sets BODY_OK
    out+=("static $STATIC_VERDICT")
  fi
  BODY_CHECK_TEXT=$(IFS=';'; echo "${out[*]:-}" | sed 's/;/; /g')
}

verdict() {   # PASS, or FAIL: the reasons given
  if [[ $# == 0 ]]; then echo PASS; else local IFS=','; echo "FAIL: $*"; fi
}

bodies_warmup() {   # server $1: a short run of every body cell it serves (C2 for the body paths)
  local s="$1" c secs=$(( QUICK ? 1 : 3 ))
  for c in upload-64k upload-1m download-64k download-1m static-1k static-64k static-10m; do
    [[ ",$BODY_CELLS," == *",$c,"* ]] || continue
    serves "$s" "$c" || continue
    body_wrk_cmd "$c" "$s" "$secs"
    timeout $(( secs + 30 )) taskset -c "$CLIENT_CPUS" "${WRK[@]}" >"$OUT/raw/warmup-$c-$s.txt" 2>&1 || true
  done
}

bodies_env() {   # run.env lines: the commands and bytes of every body cell asked for
  local c
  echo "body_connections=$BODY_CONNECTIONS"
  for c in ${BODY_CELLS//,/ }; do
    echo "bytes_$c=${BODY_BYTES[$c]}"
    case "$c" in
      upload-*) echo "cmd_$c=wrk -t1 -c$BODY_CONNECTIONS -d${DURATION}s --latency -s upload.lua URL/upload -- bodies/upload-${BODY_BYTES[$c]}.bin" ;;
      download-*) echo "cmd_$c=wrk -t1 -c$BODY_CONNECTIONS -d${DURATION}s --latency 'URL/download?size=${BODY_BYTES[$c]}'" ;;
      static-*) echo "cmd_$c=wrk -t1 -c$BODY_CONNECTIONS -d${DURATION}s --latency URL/static/${c#static-}.bin" ;;
    esac
  done
}
