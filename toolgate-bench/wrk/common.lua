-- Shared by the wrk scripts: counts responses that are not what the benchmark expects, per
-- thread, and prints the total at the end (wrk's own "Non-2xx" line misses ok:false results).
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  failures = 0
end

function check(status, body, needle)
  if status ~= 200 or (needle and not string.find(body, needle, 1, true)) then
    failures = failures + 1
  end
end

function done(summary, latency, requests)
  local total = 0
  for _, t in ipairs(threads) do
    total = total + (t:get("failures") or 0)
  end
  io.write(string.format("unexpected responses: %d\n", total))
end
