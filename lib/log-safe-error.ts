/**
 * pino's standard error serializer copies every property of an error and its message and
 * stack. For a failed query that is the whole parameter list: drizzle's DrizzleQueryError says
 * "Failed query: ... params: ..." and carries `params`; PostgreSQL's error carries `detail`
 * ("Key (email)=(...)") and `where` ("unnamed portal parameter $1 = '...'"), and a data
 * exception quotes the offending value in its message. Argon2 hashes, sealed secrets, e-mails
 * and phone numbers reached the log that way. This serializer keeps only what helps find the
 * fault (type, message without values, stack frames, SQLSTATE and where in the schema) and
 * follows the `cause` chain.
 */
const SAFE_FIELDS = [
  "code",
  "severity",
  "routine",
  "constraint",
  "table",
  "column",
  "schema",
  "dataType",
  "position",
  "errno",
  "syscall",
  "status",
  "statusCode",
] as const;
const MAX_DEPTH = 5;
const MAX_MESSAGE = 2_000;

export type SafeError = {
  type: string;
  message: string;
  stack?: string;
  cause?: SafeError;
  errors?: SafeError[];
  [field: string]: unknown;
};

export function safeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) {
    // A thrown non-error may be anything, including a request body: name its kind only.
    return { type: err === null ? "null" : typeof err, message: "(a non-Error value was thrown)" };
  }
  const type = err.constructor?.name || err.name || "Error";
  const message = safeMessage(err);
  const out: SafeError = { type, message, stack: safeStack(err, type, message) };
  const fields = err as unknown as Record<string, unknown>;
  for (const key of SAFE_FIELDS) {
    const v = fields[key];
    if (typeof v === "string" || typeof v === "number") out[key] = v;
  }
  if (depth < MAX_DEPTH) {
    if (err.cause !== undefined) out.cause = safeError(err.cause, depth + 1);
    const errors = fields.errors;
    if (Array.isArray(errors)) out.errors = errors.slice(0, 5).map((e) => safeError(e, depth + 1));
  }
  return out;
}

function safeMessage(err: Error): string {
  let m = err.message;
  // drizzle: "Failed query: <sql>\nparams: <values>" -> the SQL text only (it has $n placeholders).
  const params = m.indexOf("\nparams:");
  if (params >= 0) m = m.slice(0, params);
  // PostgreSQL data exceptions (SQLSTATE class 22) quote the rejected value at the end.
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string" && code.startsWith("22")) m = m.replace(/: ".*"$/s, ': "[redacted]"');
  return m.length > MAX_MESSAGE ? `${m.slice(0, MAX_MESSAGE)}...` : m;
}

/** The frames of the stack under the safe message: the stack's own first lines repeat the message. */
function safeStack(err: Error, type: string, message: string): string | undefined {
  if (!err.stack) return undefined;
  const frames = err.stack.split("\n").filter((line) => /^\s+at /.test(line));
  return [`${type}: ${message}`, ...frames].join("\n");
}
