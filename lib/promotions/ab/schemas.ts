import { z } from "zod";
import { winnerMetrics } from "@/db/schema/ab-test";

/** A variant's name: short, shown in the variants report and its verdicts. */
export const variantName = z
  .string()
  .trim()
  .min(1, "Required: the variant's name")
  .max(40, "At most 40 characters")
  .regex(/^[\p{L}\p{N} _.-]+$/u, "Letters, digits, spaces, '_', '.', '-'")
  .refine((n) => n.toLowerCase() !== "holdout", "'holdout' names the arm that is sent nothing");

/**
 * `abTest.winner` (optional): test the variants on `testShare`% of the audience outside the
 * holdout, then, `testHours` after the campaign's start, send the rest the variant with the
 * best `metric` rate (docs/economics.md, "Sending the winner to the rest").
 */
export const winnerInput = z
  .object({
    testShare: z
      .number()
      .int("A whole percent")
      .min(5, "At least 5%")
      .max(50, "At most 50%: the rest waits for the winner"),
    testHours: z.number().int("Whole hours").min(1, "At least 1 hour").max(168, "At most 168 hours (a week)"),
    metric: z.enum(winnerMetrics, { message: "read, clicked or converted" }),
  })
  .describe(
    "Not in the spec: only `testShare`% of the recipients outside the holdout are drawn into the variants; the rest wait (state `held`) and are sent the variant with the best `metric` rate `testHours` after the campaign's start (the first variant when there is not enough data).",
  );

/**
 * E1's optional `abTest` (not in the spec): 2 to 4 variants, each with a template of E1's own
 * `template` shape (`template` is passed in, so this module does not import the launch's
 * schemas), and a whole-percent holdout share (0-50) that is sent nothing. `seed` makes the
 * draw reproducible across campaigns (default: the campaign's id).
 */
export const abTestInput = <T extends z.ZodType>(template: T) =>
  z
    .object({
      variants: z
        .array(z.object({ name: variantName, template }))
        .min(2, "An A/B test has 2 to 4 variants")
        .max(4, "An A/B test has 2 to 4 variants"),
      holdoutPercent: z
        .number()
        .int("A whole percent")
        .min(0, "At least 0")
        .max(50, "At most 50: half the audience")
        .default(0),
      seed: z
        .union([
          z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
          z.string().min(1).max(100),
        ])
        .optional(),
      winner: winnerInput.optional(),
    })
    .superRefine((ab, issue) => {
      const seen = new Set<string>();
      ab.variants.forEach((v, i) => {
        const key = v.name.toLowerCase();
        if (seen.has(key)) {
          issue.addIssue({
            code: "custom",
            path: ["variants", i, "name"],
            message: `Variant name '${v.name}' is used twice`,
          });
        }
        seen.add(key);
      });
    })
    .describe(
      "Not in the spec: an A/B test with an optional holdout (docs/economics.md, 'A/B variants and a holdout'). Each recipient is drawn, reproducibly and stratified by calling code, into a variant (sent that variant's template and values) or the holdout (sent nothing, state `holdout`).",
    );

/**
 * With an `abTest` and no `template`, the promotion's `template` (its record's, and the one
 * the consent rule reads the category of) is the first variant's: E1's body stays valid
 * without repeating it.
 */
export function withVariantTemplate(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const b = body as { template?: unknown; abTest?: { variants?: Array<{ template?: unknown }> } };
  const first = Array.isArray(b.abTest?.variants) ? b.abTest.variants[0]?.template : undefined;
  return b.template === undefined && first !== undefined ? { ...b, template: first } : body;
}
