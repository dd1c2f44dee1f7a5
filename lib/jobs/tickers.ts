import { log } from "../log";
import { runtimeSlot } from "../runtime";

/**
 * Work a worker process does on a clock rather than per job: `run` every `everyMs` (the next
 * round starts `everyMs` after the last one ended, so rounds never overlap in a process). Every
 * worker process runs every ticker, so `run` must be safe with several instances at once.
 */
export type Ticker = { name: string; everyMs: number; run: () => Promise<unknown> };

declare module "../runtime" {
  interface Runtime {
    /** The tickers registered in this process (lib/wiring.ts), by name. */
    tickers: Map<string, Ticker>;
  }
}
const tickers = runtimeSlot("tickers", () => new Map());

/** Registers a ticker (lib/wiring.ts): the workers run it from their start to their stop. */
export function registerTicker(ticker: Ticker): void {
  tickers.set(ticker.name, ticker);
}

export function tickerDefinitions(): Ticker[] {
  return [...tickers.values()];
}

/** Runs one round of a ticker; a failure is logged and the next round tries again. */
export async function runTicker(ticker: Ticker): Promise<void> {
  try {
    await ticker.run();
  } catch (err) {
    log.error({ err, ticker: ticker.name }, "ticker round failed");
  }
}

export type TickerLoop = { stop: () => Promise<void>; lastTick: () => number };

/** Starts `ticker`'s loop; `stop` lets the round in flight finish. */
export function startTicker(ticker: Ticker): TickerLoop {
  let running = true;
  let tick = Date.now();
  let cancelSleep: (() => void) | undefined;
  const done = (async () => {
    while (running) {
      tick = Date.now();
      await runTicker(ticker);
      if (!running) break;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, ticker.everyMs);
        cancelSleep = () => {
          clearTimeout(t);
          resolve();
        };
      });
      cancelSleep = undefined;
    }
  })();
  return {
    lastTick: () => tick,
    stop: async () => {
      running = false;
      cancelSleep?.();
      await done;
    },
  };
}
