-- wrk script: HTTP/1.1 pipelining. Each write carries DEPTH copies of the request (default 16),
-- sent back to back on one connection; wrk counts every response as one request.
--   wrk -t1 -c50 -d8s -s pipeline.lua http://127.0.0.1:PORT/plaintext -- 16
-- Latency figures are per write (per batch of DEPTH), so p99 is not comparable with keepalive.

local batch

function init(args)
  local depth = tonumber(args[1] or "16")
  if depth == nil or depth < 1 then
    error("pipeline.lua: depth must be a positive number, got " .. tostring(args[1]))
  end
  -- wrk.format() builds one request from wrk's method, path and headers (Host included).
  batch = string.rep(wrk.format(nil, wrk.path), depth)
end

function request()
  return batch
end
