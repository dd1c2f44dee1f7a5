// BENCH_LOOP_DELAY=1: every second in which the server's event loop was blocked for more than
// 100 ms, one line on stderr with the time and the longest block (perf_hooks histogram), and
// the garbage collections of that second. For finding what stalls a steady send rate.
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";

const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
let gcMs = 0;
let gcMax = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcMs += e.duration;
    gcMax = Math.max(gcMax, e.duration);
  }
}).observe({ entryTypes: ["gc"] });
setInterval(() => {
  const max = h.max / 1e6;
  if (max > 100)
    process.stderr.write(
      `LOOPDELAY ${new Date().toISOString()} max ${max.toFixed(0)} ms, gc ${gcMs.toFixed(0)} ms (longest ${gcMax.toFixed(0)})\n`,
    );
  h.reset();
  gcMs = 0;
  gcMax = 0;
}, 1000).unref();
