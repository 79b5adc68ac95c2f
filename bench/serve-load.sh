#!/bin/sh
# Drives `edgesim serve` with wrk (Debian: apt-get install wrk) and prints requests/s and the client's latency
# percentiles. bench/serve.conf decides every request in the PoP with nothing injected (its answers say
# X-Edgesim-Added-Latency-Ms: 0.000), so the latency wrk measures is what edgesim adds.
# Usage: bench/serve-load.sh [SECONDS] [CONNECTIONS] [THREADS]   (default 30 s, 32 connections, 2 threads)
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-30}
connections=${2:-32}
threads=${3:-2}
port=${EDGESIM_BENCH_PORT:-8491}
url=http://127.0.0.1:$port/api/items
command -v wrk >/dev/null || { echo "serve-load.sh: wrk not found; allowed: install it (apt-get install wrk)" >&2; exit 2; }
out=$(mktemp -d)
./edgesim serve bench/serve.conf --port "$port" --out "$out/report" > "$out/serve.log" 2>&1 &
serve=$!
trap 'kill -TERM $serve 2>/dev/null || true; rm -rf "$out"' EXIT
until grep -q '^serving' "$out/serve.log"; do
  kill -0 $serve 2>/dev/null || { cat "$out/serve.log" >&2; exit 1; }
  sleep 0.5
done
echo "answer: $(curl -s -D - -o /dev/null -H 'X-API-Key: bench' $url | grep -i -e '^HTTP' -e added-latency | tr -d '\r' | paste -sd ' ')"
echo "warm-up: 10 s"
wrk -t"$threads" -c"$connections" -d10s -H 'X-API-Key: bench' $url > /dev/null
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency -H 'X-API-Key: bench' $url
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "stats: $(curl -s -H 'X-API-Key: bench' http://127.0.0.1:$port/edgesim/stats)"
kill -TERM $serve
wait $serve || true
grep -e '^FRA' -e '^total' -e '^wrote' "$out/serve.log"
