/** Variables are written `{{1}}`, `{{2}}`, ... as in Meta's templates. */
const ANY_VAR = /\{\{([^}]*)\}\}/g;

export type VariableIssue = { code: "custom"; path: (string | number)[]; message: string };

/** The distinct variable numbers of a text, in order of first appearance. */
export function variablesOf(text: string): number[] {
  const seen: number[] = [];
  for (const m of text.matchAll(ANY_VAR)) {
    const n = Number(m[1]!.trim());
    if (Number.isInteger(n) && n > 0 && !seen.includes(n)) seen.push(n);
  }
  return seen;
}

/**
 * Checks that a text uses `{{1}}..{{n}}` in sequence and, when `requireSamples`, that the
 * sample values (`example.body_text[0]`) match their count, as Meta's review requires.
 */
export function checkVariables(
  text: string,
  samples: string[] | undefined,
  path: (string | number)[] = ["text"],
  requireSamples = true,
): VariableIssue[] {
  const issues: VariableIssue[] = [];
  for (const m of text.matchAll(ANY_VAR)) {
    if (!/^\s*[1-9]\d*\s*$/.test(m[1]!)) {
      issues.push({ code: "custom", path, message: `Variable ${m[0]} must be numbered: {{1}}, {{2}}, ...` });
      return issues;
    }
  }
  const vars = variablesOf(text);
  const inSequence = vars.every((n, i) => n === i + 1);
  if (!inSequence) {
    issues.push({
      code: "custom",
      path,
      message: `Variables must be {{1}} to {{${vars.length}}} in order of first use (found ${vars
        .map((n) => `{{${n}}}`)
        .join(", ")})`,
    });
  }
  if (!requireSamples) return issues;
  const given = samples?.length ?? 0;
  if (given !== vars.length) {
    issues.push({
      code: "custom",
      path: ["example", "body_text"],
      message:
        vars.length === 0
          ? "The text has no variables, so it takes no sample values"
          : `Give ${vars.length} sample value(s) in example.body_text[0], one per variable (got ${given})`,
    });
  }
  return issues;
}

/** A text of an RCS card that may hold variables, with its path in the card content. */
export type CardField = { path: (string | number)[]; text: string };

/**
 * An RCS card's variables are numbered once across the card: title, description, then each
 * suggestion's text, postbackData and URL, in that order. `{{1}}` to `{{n}}` in order of first
 * use, and the same number in two fields is the same value of the send.
 */
export function checkCardVariables(fields: CardField[]): VariableIssue[] {
  const seen: number[] = [];
  for (const f of fields) {
    for (const m of f.text.matchAll(ANY_VAR)) {
      if (!/^\s*[1-9]\d*\s*$/.test(m[1]!))
        return [
          { code: "custom", path: f.path, message: `Variable ${m[0]} must be numbered: {{1}}, {{2}}, ...` },
        ];
    }
    for (const n of variablesOf(f.text)) {
      if (seen.includes(n)) continue;
      if (n !== seen.length + 1)
        return [
          {
            code: "custom",
            path: f.path,
            message: `Variables are numbered once across the card (title, description, then suggestions): {{${n}}} here comes before {{${seen.length + 1}}} is used; number them {{1}} to {{n}} in order of first use`,
          },
        ];
      seen.push(n);
    }
  }
  return [];
}

/** Replaces `{{n}}` with the n-th value (1-based); missing values stay as written. */
export function fillVariables(text: string, values: (string | undefined)[]): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => values[Number(n) - 1] || whole);
}
