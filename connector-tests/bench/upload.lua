-- wrk script: POST one body, read once from a file, on every request.
--   wrk -t1 -c16 -d8s -s upload.lua http://127.0.0.1:PORT/upload -- FILE
-- wrk.format() adds the Content-Length; the request (head and body) is built once, in init.

local req

function init(args)
  local name = args[1]
  if name == nil then
    error("upload.lua: give the body file after --")
  end
  local f = assert(io.open(name, "rb"))
  local body = f:read("*a")
  f:close()
  req = wrk.format("POST", nil, { ["Content-Type"] = "application/octet-stream" }, body)
end

function request()
  return req
end
