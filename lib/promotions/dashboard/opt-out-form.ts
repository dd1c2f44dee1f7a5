import { z } from "zod";
import { typedDigits } from "../../phone/typed-phone";

export const MAX_OPT_OUTS_TYPED = 1000;
const SHAPE = /^\+?\d{6,15}$/;

/** The numbers of the "Add opt-outs" box: one per line, or separated by commas or semicolons. */
export function splitPhones(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * The Add form (client-safe): every number shaped as elsewhere in the dashboard (typed-phone:
 * separators dropped, 6-15 digits, optional +); the server then reads it with the business's
 * default country, as the API does.
 */
export const addOptOutsForm = z.object({
  phones: z.string().superRefine((text, ctx) => {
    const phones = splitPhones(text);
    if (phones.length === 0) ctx.addIssue({ code: "custom", message: "Type at least one phone number" });
    else if (phones.length > MAX_OPT_OUTS_TYPED)
      ctx.addIssue({
        code: "custom",
        message: `At most ${MAX_OPT_OUTS_TYPED} numbers at a time; import a CSV for more`,
      });
    const bad = phones.filter((p) => !SHAPE.test(typedDigits(p)));
    if (bad.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `Not a phone number: ${bad.slice(0, 3).join(", ")}${bad.length > 3 ? ` and ${bad.length - 3} more` : ""} (6 to 15 digits, with the country code or national)`,
      });
    }
  }),
});
export type AddOptOutsForm = z.infer<typeof addOptOutsForm>;
