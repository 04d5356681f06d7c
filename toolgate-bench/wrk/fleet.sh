#!/usr/bin/env bash
# Load benchmark of a fleet: lexical searches through 3 `toolgate serve` replicas sharing one
# (embedded) PostgreSQL versus the same load on 1 replica. wrk runs one thread per replica, each
# thread's connections going to its replica (fleet.lua), which is what a round-robin balancer
# does per connection; no balancer process is in the path.
#
# Usage: toolgate-bench/wrk/fleet.sh     DURATION=20s CONNECTIONS=12 WARMUP=5s (overrides)
# Builds toolgate-cli's test classes (FleetBenchMain starts PostgreSQL and the replicas).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
duration="${DURATION:-20s}"
connections="${CONNECTIONS:-12}"
warmup="${WARMUP:-5s}"
command -v wrk >/dev/null 2>&1 || { echo "fleet.sh: needs wrk (apt-get install -y wrk)" >&2; exit 2; }

java_bin=""
for c in "${JAVA_HOME:-}/bin/java" /usr/lib/jvm/*/bin/java; do
  [ -x "$c" ] || continue
  v="$("$c" -version 2>&1 | awk -F'"' '/version/ {split($2, a, "."); print a[1]; exit}')"
  [[ "$v" =~ ^[0-9]+$ ]] && [ "$v" -ge 21 ] && { java_bin="$c"; break; }
done
[ -n "$java_bin" ] || { echo "fleet.sh: needs a JDK 21+" >&2; exit 2; }

cli="$root/toolgate-cli"
echo "== building toolgate-cli's test classes" >&2
(cd "$root" && ./mvnw -q -o -pl toolgate-cli -am test-compile dependency:build-classpath \
   -Dmdep.includeScope=test -Dmdep.outputFile=target/bench.classpath -Dspotless.check.skip=true)
cp_parts="$cli/target/test-classes:$cli/target/classes:$(cat "$cli/target/bench.classpath")"
# the reactor modules' classes instead of jars from ~/.m2
for m in core store-postgres server mcp embeddings-onnx; do
  cp_parts="$root/toolgate-$m/target/classes:$root/toolgate-$m/target/test-classes:$cp_parts"
done

fleet_pid=""
work=""
run_fleet() { # replicas -> sets FLEET_URLS ("host:port …") once they listen, fleet_pid and work
  work="$(mktemp -d)"
  printf '%s\n' "--enable-native-access=ALL-UNNAMED" "--add-modules" "jdk.incubator.vector" \
    "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn" "-cp" "\"$cp_parts\"" \
    "io.toolgate.cli.fleet.FleetBenchMain" "$work" "$1" > "$work/java.args"
  "$java_bin" "@$work/java.args" > "$work/fleet.log" 2>&1 &
  fleet_pid=$!
  for _ in $(seq 1 900); do
    [ -f "$work/urls" ] && break
    kill -0 "$fleet_pid" 2>/dev/null || { cat "$work/fleet.log" >&2; exit 1; }
    sleep 0.2
  done
  [ -f "$work/urls" ] || { echo "fleet.sh: the fleet did not start" >&2; exit 1; }
  FLEET_URLS="$(sed 's#http://##' "$work/urls" | tr '\n' ' ')"
  export FLEET_URLS
}
stop_fleet() { # SIGTERM: FleetBenchMain's hook stops the replicas and PostgreSQL
  [ -n "$fleet_pid" ] || return 0
  kill "$fleet_pid" 2>/dev/null || true
  wait "$fleet_pid" 2>/dev/null || true
  rm -rf "$work"
  fleet_pid=""
}
trap 'stop_fleet' EXIT

export WRK_DIR="$here"
rows=""
for replicas in 1 3; do
  run_fleet "$replicas"
  first="http://$(echo "$FLEET_URLS" | cut -d' ' -f1)"
  echo "== $replicas replica(s): $FLEET_URLS" >&2
  wrk -t3 -c"$connections" -d"$warmup" -s "$here/fleet.lua" "$first" > /dev/null
  out="$(wrk -t3 -c"$connections" -d"$duration" --latency -s "$here/fleet.lua" "$first")"
  echo "$out"
  rps="$(awk '/^Requests\/sec:/ {printf "%.0f", $2}' <<<"$out")"
  pct() { awk -v p="$1" '$1 == p {print $2}' <<<"$out"; }
  bad="$(awk -F': ' '/^unexpected responses:/ {print $2}' <<<"$out")"
  rows+="| $replicas | $connections | $rps | $(pct 50%) | $(pct 90%) | $(pct 99%) | $bad |"$'\n'
  stop_fleet
done
echo
echo "| replicas | connections | requests/s | p50 | p90 | p99 | unexpected |"
echo "|---|---|---|---|---|---|---|"
printf '%s' "$rows"
echo "(load average after the runs: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores)"
