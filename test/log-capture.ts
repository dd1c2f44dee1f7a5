import { log } from "../lib/log";
import { runtime } from "../lib/runtime";

export type CapturedLog = {
  /** The raw lines the logger wrote (what stdout would have received). */
  text: () => string;
  entries: () => Array<Record<string, unknown>>;
  stop: () => void;
};

/** Diverts the process logger's output into memory, at `level`, until stop(). */
export function captureLog(level: "info" | "debug" = "info"): CapturedLog {
  const lines: string[] = [];
  const before = log.level;
  log.level = level;
  runtime().logSink = (line) => void lines.push(line);
  return {
    text: () => lines.join(""),
    entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    stop: () => {
      runtime().logSink = undefined;
      log.level = before;
    },
  };
}
