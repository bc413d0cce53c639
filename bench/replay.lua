-- wrk script: replays the request paths listed in the file named by the environment variable
-- REPLAY (one a line), in order; each thread starts at its own place in the list and wraps around.
local paths = {}
for line in io.lines(os.getenv("REPLAY")) do
  paths[#paths + 1] = line
end

local threads = 0
function setup(thread)
  thread:set("offset", threads)
  threads = threads + 1
end

local i
function init()
  -- Two threads (bench/run.sh runs wrk -t2): the second starts half-way.
  i = (offset or 0) * math.floor(#paths / 2)
end

function request()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
