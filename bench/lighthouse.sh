#!/usr/bin/env bash
# Lighthouse (mobile) on every page of the demo evening (bench/demo.py), including a 300-hand session.
#
#   bench/lighthouse.sh                 # every page, light theme
#   THEME=dark bench/lighthouse.sh      # the same with the phone set to dark
#   bench/lighthouse.sh table hand      # some pages only
#
# Installs npm's lighthouse into bench/.lighthouse on first use and drives Debian's Chromium
# (CHROME_PATH, default /usr/bin/chromium). Prints performance and accessibility scores with
# the layout shift, largest paint and blocking time of each page, and the machine's load
# (1-minute average) as it was measured: a page slow only under load is measured again. Not a test.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
LH_DIR=bench/.lighthouse
LH_VERSION=${LH_VERSION:-12.8.2}
if [ ! -x "$LH_DIR/node_modules/.bin/lighthouse" ]; then
  npm install --silent --no-audit --no-fund --prefix "$LH_DIR" "lighthouse@$LH_VERSION" >/dev/null
fi
[ -x .venv/bin/python ] || { echo "run ./scripts/test once to create .venv" >&2; exit 2; }

WORK=$(mktemp -d)
PORT=${PORT:-$(.venv/bin/python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
.venv/bin/python bench/demo.py "$WORK/demo.sqlite" --serve "$PORT" >"$WORK/pages.json" 2>"$WORK/server.log" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 150); do
  curl -sf -o /dev/null "http://127.0.0.1:$PORT/" && break
  kill -0 $SERVER 2>/dev/null || { echo "the demo server did not start:" >&2; tail -3 "$WORK/server.log" >&2; exit 1; }
  sleep 0.2
done

FLAGS="--headless=new --no-sandbox --disable-gpu"
if [ "${THEME:-light}" = dark ]; then FLAGS="$FLAGS --blink-settings=preferredColorScheme=0"; fi
NAMES=("$@")
if [ ${#NAMES[@]} -eq 0 ]; then
  mapfile -t NAMES < <(.venv/bin/python -c 'import json,sys; print("\n".join(k for k in json.load(open(sys.argv[1])) if k != "not-found"))' "$WORK/pages.json")
fi
printf '%-16s %5s %5s %7s %7s %6s %5s  (theme %s)\n' page perf a11y CLS LCP_ms TBT_ms load "${THEME:-light}"
for name in "${NAMES[@]}"; do
  path=$(.venv/bin/python -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$WORK/pages.json" "$name")
  "$LH_DIR/node_modules/.bin/lighthouse" "http://127.0.0.1:$PORT$path" --quiet --output=json \
    --output-path="$WORK/$name.json" --only-categories=performance,accessibility \
    --chrome-flags="$FLAGS" >/dev/null 2>"$WORK/$name.log" || { echo "$name: lighthouse failed"; tail -3 "$WORK/$name.log"; continue; }
  .venv/bin/python - "$WORK/$name.json" "$name" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
c, a = r["categories"], r["audits"]
def score(k): return round(c[k]["score"] * 100)
failed = [k for k, v in a.items() if v.get("scoreDisplayMode") == "binary" and v.get("score") == 0
          and k in {ref["id"] for ref in c["accessibility"]["auditRefs"]}]
load = open("/proc/loadavg").read().split()[0]  # the machine's 1-minute load as this page was measured
print(f'{sys.argv[2]:16} {score("performance"):5} {score("accessibility"):5} '
      f'{a["cumulative-layout-shift"]["numericValue"]:7.3f} {a["largest-contentful-paint"]["numericValue"]:7.0f} '
      f'{a["total-blocking-time"]["numericValue"]:6.0f} {load:>5}' + (f'  failed: {", ".join(failed)}' if failed else ""))
PY
done
