-- wrk: each request asks one of the paths in PATHS (one a line), at random.
local paths = {}
for line in io.lines(os.getenv("PATHS")) do paths[#paths + 1] = line end
math.randomseed(os.time())
request = function()
  return wrk.format("GET", paths[math.random(#paths)])
end
done = function(summary, latency, requests)
  io.write(string.format("requests %d, errors: connect %d read %d write %d status %d timeout %d\n",
    summary.requests, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.status, summary.errors.timeout))
  io.write(string.format("req/s %.0f, p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
