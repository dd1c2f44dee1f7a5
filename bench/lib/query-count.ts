// BENCH_QUERY_COUNT_FILE=<path>: counts every SQL statement this process sends (the app's and
// pg-boss's: both go through pg.Client#query) and writes the running total to <path> every
// 100 ms, so a bench can read how many statements a quiet period cost (bench/flows.ts).
import { renameSync, writeFileSync } from "node:fs";
import pg from "pg";

const file = process.env.BENCH_QUERY_COUNT_FILE!;
let count = 0;
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  count++;
  return original.apply(this, args);
} as typeof pg.Client.prototype.query;
// Written aside and renamed over: a reader never sees the file empty halfway through a write
// (which read as 0 statements so far, and a negative count for the period).
setInterval(() => {
  writeFileSync(`${file}.tmp`, String(count));
  renameSync(`${file}.tmp`, file);
}, 100).unref();
