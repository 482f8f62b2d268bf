#!/usr/bin/env bash
# Checks a Hawser HTTPS listener with curl and openssl, as a user would from a shell.
# Usage: connector-tests/tls/check.sh PORT CA_PEM [HOST]
#   PORT    the TLS port on 127.0.0.1 (the server must serve the echo WAR at / : GET /plaintext)
#   CA_PEM  the certificate (or its CA) to trust, PEM
#   HOST    the name in the certificate (default localhost)
# Prints one line per check ("ok ..." or "FAIL ..."); exits 0 only when every check passed.
# Run by TlsToolsTest in mvn verify; also by hand against any deployment.
set -uo pipefail
PORT=$1
CA=$2
HOST=${3:-localhost}
URL="https://$HOST:$PORT/plaintext"
RESOLVE="$HOST:$PORT:127.0.0.1"
failed=0

check() {   # check NAME EXPECTED_REGEX COMMAND...
  local name=$1 want=$2
  shift 2
  local got
  got=$("$@" 2>&1 </dev/null)
  if [[ "$got" =~ $want ]]; then
    echo "ok   $name"
  else
    echo "FAIL $name: wanted /$want/, got: $(echo "$got" | tr '\n' ' ' | cut -c1-300)"
    failed=1
  fi
}

s_client() {   # s_client OPTIONS...: a handshake and one request, then what openssl printed
  printf 'GET /plaintext HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n' "$HOST" \
    | timeout 10 openssl s_client -connect "127.0.0.1:$PORT" -servername "$HOST" -CAfile "$CA" -ign_eof "$@" 2>&1
}

check "curl --tlsv1.3 (TLS 1.3 negotiated, body)" 'SSL connection using TLSv1\.3.*Hello, World!' \
  curl -sS -v --tlsv1.3 --cacert "$CA" --resolve "$RESOLVE" "$URL"
check "curl --tlsv1.2 --tls-max 1.2 (TLS 1.2 still offered)" 'SSL connection using TLSv1\.2.*Hello, World!' \
  curl -sS -v --tlsv1.2 --tls-max 1.2 --cacert "$CA" --resolve "$RESOLVE" "$URL"
check "curl --tls-max 1.1 refused" '(alert|handshake|SSL|TLS).*(fail|error|alert|version)|curl: \(35\)' \
  curl -sS --tlsv1.0 --tls-max 1.1 --cacert "$CA" --resolve "$RESOLVE" "$URL"
check "curl with ALPN http/1.1 (--http1.1)" 'ALPN.*http/1\.1' \
  curl -sS -v --http1.1 --cacert "$CA" --resolve "$RESOLVE" "$URL"
check "curl without trusting the certificate fails verification" 'curl: \(60\)' \
  curl -sS --resolve "$RESOLVE" "$URL"
check "openssl s_client -tls1_3: verified, response" 'Verify return code: 0 \(ok\).*HTTP/1\.1 200 .*Hello, World!' \
  s_client -tls1_3
check "openssl s_client -alpn http/1.1" 'ALPN protocol: http/1\.1' \
  s_client -alpn http/1.1
check "openssl s_client -alpn h2 only: no_application_protocol alert" 'no application protocol|alert number 120' \
  s_client -alpn h2
reneg=$( (printf 'R\n'; sleep 1; printf 'GET /plaintext HTTP/1.1\r\nHost: %s\r\n\r\n' "$HOST"; sleep 1) \
  | timeout 10 openssl s_client -connect "127.0.0.1:$PORT" -servername "$HOST" -CAfile "$CA" -tls1_2 2>&1)
if [[ "$reneg" =~ RENEGOTIATING ]] && ! [[ "$reneg" =~ "HTTP/1.1 200" ]]; then
  echo "ok   openssl s_client -tls1_2: a client-initiated renegotiation ends the connection"
else
  echo "FAIL openssl s_client -tls1_2 renegotiation: $(echo "$reneg" | tail -5 | tr '\n' ' ' | cut -c1-300)"
  failed=1
fi
exit $failed
