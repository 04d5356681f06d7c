package.path = package.path .. ";" .. (os.getenv("WRK_DIR") or ".") .. "/?.lua"
require("common")

-- wrk script: POST /v1/tools:search, cycling through realistic queries (lexical mode).
local queries = {
  "send an email to a customer",
  "what is the weather in Lisbon tomorrow",
  "create a calendar event for a meeting",
  "refund a payment",
  "track a shipment by its tracking number",
  "run a SQL query and count distinct values",
  "open a pull request on a repository",
  "find the distance between two addresses",
  "search the web for recent news",
  "upload a file to a folder",
  "list employees in a department",
  "post a message to a chat channel",
  "convert a document to PDF",
  "compute the average of a metric over a week",
  "update a contact in the CRM",
  "what time is it in Tokyo",
}
local bodies = {}
for i, q in ipairs(queries) do
  bodies[i] = '{"query":"' .. q .. '","limit":5,"mode":"lexical"}'
end
local n = 0

request = function()
  n = n + 1
  return wrk.format("POST", "/v1/tools:search",
    { ["Content-Type"] = "application/json" }, bodies[(n % #bodies) + 1])
end

response = function(status, headers, body)
  check(status, body, '"tools":[')
end
