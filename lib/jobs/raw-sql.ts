// Kept only for bench/callbacks.ts (another branch's file): raw SQL lives in lib/db/sql.ts.
// Delete this file once the benchmark imports rawQuery from there.
export { rawQuery } from "../db/sql";
