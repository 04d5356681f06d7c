package.path = package.path .. ";" .. (os.getenv("WRK_DIR") or ".") .. "/?.lua"
require("search")

-- wrk script: the lexical searches of search.lua, each wrk thread sending to one replica of a
-- fleet (round-robin over the addresses in $FLEET_URLS, "host:port host:port …").
local targets = {}
for hostport in string.gmatch(os.getenv("FLEET_URLS") or "", "%S+") do
  table.insert(targets, hostport)
end
local next_target = 0
local base_setup = setup

function setup(thread)
  if #targets > 0 then
    local host, port = string.match(targets[(next_target % #targets) + 1], "([^:]+):(%d+)")
    next_target = next_target + 1
    thread.addr = wrk.lookup(host, port)[1]
  end
  base_setup(thread)
end
