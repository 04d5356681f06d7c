package.path = package.path .. ";" .. (os.getenv("WRK_DIR") or ".") .. "/?.lua"
require("common")

-- wrk script: POST /v1/tools/math_evaluate:invoke, an in-process core tool, with varying input.
local n = 0

request = function()
  n = n + 1
  local body = '{"schema_version":"0.1.0","args":{"expression":"(17.5 * ' .. (n % 97)
    .. ' + 2^10) / 4"},"trace":{"flow_id":"bench","step_id":"' .. (n % 1000) .. '"}}'
  return wrk.format("POST", "/v1/tools/math_evaluate:invoke",
    { ["Content-Type"] = "application/json" }, body)
end

response = function(status, headers, body)
  check(status, body, '"ok":true')
end
