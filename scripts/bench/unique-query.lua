-- Every request asks for the landing page with a query string never seen before, as a flood of
-- affiliate and ad clicks (?utm_source=..., ?fbclid=...) would.
local counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", "/?fbclid=" .. counter .. "x" .. math.random(1000000000))
end
