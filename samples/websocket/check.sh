#!/usr/bin/env bash
# Opens the websocket sample's chat page in headless Chromium, as a user would in a browser: the
# page connects its WebSocket, says one line, and shows what the server relayed back.
# Usage: samples/websocket/check.sh BASE_URL [CHROMIUM]
#   BASE_URL  where the sample is served, e.g. http://127.0.0.1:8080/websocket/ (README's first command)
#   CHROMIUM  the browser binary (default: chromium, else chromium-browser, else google-chrome)
# Prints "ok ..." or "FAIL ..."; exits 0 only when the page connected and got its own line back.
# Run by WebSocketSampleBrowserTest in mvn verify (skipped where no Chromium is installed).
set -uo pipefail
BASE=$1
BROWSER=${2:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
if [[ -z "$BROWSER" ]]; then
  echo "FAIL no chromium on the PATH"
  exit 2
fi
# --dump-dom takes the DOM once the page is idle in virtual time, which WebSocket frames do not
# hold up: a dump can come before the relayed lines, so a few attempts are made (each a new member).
for attempt in 1 2 3 4 5; do
  NAME="probe$RANDOM"
  profile=$(mktemp -d)
  dom=$("$BROWSER" --headless --no-sandbox --disable-gpu --virtual-time-budget=$((attempt * 5000)) \
    --user-data-dir="$profile" --dump-dom "${BASE}?name=$NAME&say=hello%20from%20chromium" 2>/dev/null)
  rm -rf "$profile"
  [[ "$dom" == *"$NAME: hello from chromium"* ]] && break
done
failed=0
if [[ "$dom" == *"connected as $NAME"* ]]; then echo "ok   page connected its WebSocket"; else echo "FAIL page did not connect: $(echo "$dom" | grep -o '<span id="status">[^<]*')"; failed=1; fi
if [[ "$dom" == *"* $NAME joined"* ]]; then echo "ok   join announced"; else echo "FAIL no join line"; failed=1; fi
if [[ "$dom" == *"$NAME: hello from chromium"* ]]; then echo "ok   own line relayed back"; else echo "FAIL own line not relayed"; failed=1; fi
exit $failed
