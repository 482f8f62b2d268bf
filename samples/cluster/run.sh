#!/usr/bin/env bash
# Two Hawser instances, on ports 8081 and 8082, serving the guestbook sample with their sessions in
# one store: sign on one, reload on the other, and it knows you. Ctrl-C stops everything.
#
#   samples/cluster/run.sh            # a throwaway redis-server (the OS package)
#   samples/cluster/run.sh postgres   # a throwaway PostgreSQL cluster (the OS package)
#   samples/cluster/run.sh URI        # your store: jdbc:postgresql://..., redis://...
#
# Builds first when hawser.jar or guestbook.war is missing. See docs/sessions.md.
source "$(dirname "$0")/stores.sh"
trap cleanup EXIT
trap 'exit 130' INT TERM
need_build
case "${1:-redis}" in
  redis) start_redis ;;
  postgres) start_postgres ;;
  jdbc:*|redis://*|rediss://*) STORE=$1 ;;
  *) echo "usage: $0 [redis|postgres|URI]" >&2; exit 2 ;;
esac
PORT_A=${PORT_A:-8081}
PORT_B=${PORT_B:-8082}
start_hawser "$PORT_A" "$STORE" "$WORK/a.log"
start_hawser "$PORT_B" "$STORE" "$WORK/b.log"
echo "session store: ${STORE%%\?*}"
echo "instance A: http://127.0.0.1:$PORT_A/guestbook/"
echo "instance B: http://127.0.0.1:$PORT_B/guestbook/   (same session cookie: sign on A, reload B)"
echo "logs: $WORK/a.log $WORK/b.log; Ctrl-C stops both"
wait
