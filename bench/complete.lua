-- wrk script for bench/complete.ts: completes each previewed payment listed in BENCH_REFS
-- ("token reference" per line) once, with the PIN and an Idempotency-Key, and counts answers.
local lines = {}
for line in io.lines(os.getenv("BENCH_REFS")) do
  lines[#lines + 1] = line
end
local pin = os.getenv("BENCH_PIN")
local threads = {}

function setup(thread)
  thread:set("first", #threads)
  thread:set("step", tonumber(os.getenv("BENCH_THREADS")))
  threads[#threads + 1] = thread
end

function init(args)
  i = first
  ok, replayed, failed = 0, 0, 0
end

function request()
  i = i + 1
  local line = lines[i]
  if line == nil then
    -- Every payment has been sent: stop, and send nothing that could count.
    wrk.thread:stop()
    return wrk.format("GET", "/api/health")
  end
  i = i + step - 1
  local token, ref = line:match("(%S+) (%S+)")
  return wrk.format("POST", "/api/transaction/api/v1/complete", {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. token,
    ["transactionPin"] = pin,
    ["Idempotency-Key"] = "bench-" .. ref,
  }, '{"reference":"' .. ref .. '"}')
end

function response(status, headers, body)
  if status == 200 and body:find('"sendMoney"', 1, true) then
    if headers["Idempotent-Replayed"] then replayed = replayed + 1 else ok = ok + 1 end
  elseif status ~= 200 then
    failed = failed + 1
  end
end

function done(summary, latency, requests)
  local o, r, f = 0, 0, 0
  for _, t in ipairs(threads) do
    o = o + t:get("ok")
    r = r + t:get("replayed")
    f = f + t:get("failed")
  end
  io.write(string.format('BENCH {"ok":%d,"replayed":%d,"failed":%d,"durationUs":%d,"p50us":%d,"p99us":%d}\n',
    o, r, f, summary.duration, latency:percentile(50), latency:percentile(99)))
end
