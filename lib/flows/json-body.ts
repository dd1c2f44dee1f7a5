/**
 * `{{name}}` as a JSON string (quoted and escaped); a placeholder written inside quotes
 * (`"{{name}}"`) takes the place of the quoted string. The result must be JSON.
 */
export function fillJson(body: string, vars: Record<string, string>): string {
  const filled = body.replace(
    /("?)\{\{\s*([a-z][a-z0-9_]*)\s*\}\}("?)/g,
    (_, q1: string, n: string, q2: string) => {
      const s = JSON.stringify(vars[n] ?? "");
      return q1 && q2 ? s : `${q1}${s}${q2}`;
    },
  );
  JSON.parse(filled);
  return filled;
}

/**
 * What is wrong with an HTTP step's body as the engine will send it (its placeholders filled
 * in as strings), or null when it is JSON (or empty: no body).
 */
export function jsonBodyProblem(body: string): string | null {
  if (!body.trim()) return null;
  try {
    fillJson(body, {});
    return null;
  } catch (err) {
    return `Not JSON: ${(err as Error).message}`;
  }
}
