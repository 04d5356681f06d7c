#!/usr/bin/env bash
# Load benchmark of the Toolgate REST server with wrk, on loopback:
#   1. lexical tool searches   (POST /v1/tools:search, 16 rotating queries, demo catalog)
#   2. tool calls              (POST /v1/tools/math_evaluate:invoke, an in-process core tool)
# The server is the same ToolgateServer `toolgate serve` runs (metrics and audit hooks on),
# started from toolgate-server's test classpath by LoadServerMain on a free port.
#
# Usage: toolgate-bench/wrk/run.sh [--record]
#   DURATION=30s THREADS=1 CONNECTIONS="4 16" WARMUP=10s   (environment overrides)
#   TOOLGATE_SERVER_CLASSPATH=…   use this classpath instead of building with Maven
#   --record  appends the figures to BENCHMARKS.md under "Server load"
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
duration="${DURATION:-30s}"
threads="${THREADS:-1}"
connections="${CONNECTIONS:-4 16}"   # one run per count
warmup="${WARMUP:-10s}"
record=false
[ "${1:-}" = "--record" ] && record=true

command -v wrk >/dev/null 2>&1 || { echo "run.sh: needs wrk (apt-get install -y wrk)" >&2; exit 2; }

find_java() { # a JDK 21+: JAVA_HOME, then /usr/lib/jvm/*
  local c v
  for c in "${JAVA_HOME:-}/bin/java" /usr/lib/jvm/*/bin/java "$(command -v java || true)"; do
    [ -x "$c" ] || continue
    v="$("$c" -version 2>&1 | awk -F'"' '/version/ {split($2, a, "."); print a[1]; exit}')"
    [[ "$v" =~ ^[0-9]+$ ]] && [ "$v" -ge 21 ] && { echo "$c"; return; }
  done
  return 1
}
java_bin="$(find_java)" || { echo "run.sh: needs a JDK 21+" >&2; exit 2; }

server_dir="$root/toolgate-server"
if [ -n "${TOOLGATE_SERVER_CLASSPATH:-}" ]; then
  classpath="$TOOLGATE_SERVER_CLASSPATH"   # already built elsewhere: skip Maven
else
  echo "== building toolgate-server and its test classes" >&2
  (cd "$root" && ./mvnw -q -pl toolgate-server -am install -DskipTests -Dspotless.check.skip=true \
    && ./mvnw -q -pl toolgate-server test-compile dependency:build-classpath \
         -Dmdep.includeScope=test -Dmdep.outputFile=target/bench.classpath -Dspotless.check.skip=true)
  classpath="$server_dir/target/test-classes:$server_dir/target/classes:$(cat "$server_dir/target/bench.classpath")"
fi

work="$(mktemp -d)"
argfile="$work/java.args"
printf '%s\n' "-Xms512m" "-Xmx1g" "-XX:+UseParallelGC" "--enable-native-access=ALL-UNNAMED" \
  "--add-modules" "jdk.incubator.vector" "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn" \
  "-cp" "\"$classpath\"" "io.toolgate.server.LoadServerMain" "$work/port" "$work/data" > "$argfile"
"$java_bin" "@$argfile" > "$work/server.log" 2>&1 &
server_pid=$!
trap 'kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; rm -rf "$work"' EXIT

for _ in $(seq 1 600); do
  [ -f "$work/port" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 0.2
done
[ -f "$work/port" ] || { echo "run.sh: the server did not start" >&2; exit 1; }
url="http://127.0.0.1:$(cat "$work/port")"
echo "== server at $url ($(grep -oE '[0-9]+ tools' "$work/server.log" | head -1))" >&2

export WRK_DIR="$here"
run() { # name script connections -> wrk output
  local name="$1" script="$2" c="$3"
  echo "== warm-up $name ($warmup)" >&2
  wrk -t"$threads" -c"$c" -d"$warmup" -s "$here/$script" "$url" > /dev/null
  echo "== $name: wrk -t$threads -c$c -d$duration --latency" >&2
  wrk -t"$threads" -c"$c" -d"$duration" --latency -s "$here/$script" "$url"
}
rps() { awk '/^Requests\/sec:/ {printf "%.0f", $2}' <<<"$1"; }
pct() { awk -v p="$2" '$1 == p {print $2}' <<<"$1"; }
bad() { awk -F': ' '/^unexpected responses:/ {print $2}' <<<"$1"; }
row() { # label connections output
  echo "| $1 | $2 | $(rps "$3") | $(pct "$3" 50%) | $(pct "$3" 90%) | $(pct "$3" 99%) | $(bad "$3") |"
}
rows=""
for c in $connections; do
  out="$(run "lexical search" search.lua "$c")"; echo "$out"
  rows+="$(row '`POST /v1/tools:search` (lexical, limit 5)' "$c" "$out")"$'\n'
  out="$(run "invoke" invoke.lua "$c")"; echo "$out"
  rows+="$(row '`POST /v1/tools/math_evaluate:invoke`' "$c" "$out")"$'\n'
done
cores="$(nproc)"
cpu="$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)"
load="$(cut -d' ' -f1-3 /proc/loadavg)"
summary="| endpoint | connections | requests/s | p50 | p90 | p99 | unexpected |
|---|---|---|---|---|---|---|
${rows%$'\n'}"
echo
echo "$summary"
echo "(load average after the runs: $load)"

if $record; then
  bench="$root/BENCHMARKS.md"
  [ -f "$bench" ] || printf '# Benchmarks\n' > "$bench"
  {
    printf '\n## Server load (wrk, %s)\n\n' "$(date -u +%Y-%m-%d)"
    printf 'Command: `toolgate-bench/wrk/run.sh --record` — wrk %s threads, %s per run after a %s warm-up,\n' \
      "$threads" "$duration" "$warmup"
    printf 'server and wrk on the same %s-core machine (%s), loopback, demo catalog (%s), no API keys,\n' \
      "$cores" "$cpu" "$(grep -oE '[0-9]+ tools' "$work/server.log" | head -1)"
    printf 'metrics and audit log on; load average after the runs %s. Goal: at least 3,000 lexical\n' "$load"
    printf 'searches/s with p99 under 20 ms.\n\n'
    echo "$summary"
  } >> "$bench"
  echo "== appended to $bench" >&2
fi
