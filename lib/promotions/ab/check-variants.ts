import type { StoredAbTest, StoredVariant } from "@/db/schema/ab-test";
import type { Ctx } from "../../context";
import { AppError } from "../../errors";
import { validateLaunch } from "../launch/validate-launch";
import type { LaunchPromotionInput } from "../launch/schemas";
import { abSeed } from "./ab-seed";

export type CheckedVariants = {
  variants: StoredVariant[];
  /** Every column a variant refers to: each recipient must have a value for all of them. */
  columns: string[];
};

/** A variant's error with the path of its own template (abTest.variants.<i>.template...). */
const under = (i: number) => (err: unknown) => {
  if (!(err instanceof AppError)) throw err;
  const prefix = `abTest.variants.${i}.`;
  const details = err.details.map((d) => ({
    ...d,
    path: d.path.startsWith("template") ? prefix + d.path : d.path,
  }));
  throw new AppError(err.code, `${prefix}${err.message}`, details);
};

/**
 * E1's checks of every variant's template, as the campaign's own (validateLaunch: on the
 * campaign's channel, APPROVED, cards that exist, `${column}`s of the list), each refusal a 400
 * naming the variant's path. null without an `abTest`.
 */
export async function checkVariants(
  ctx: Ctx,
  businessId: string,
  input: LaunchPromotionInput,
  listColumns: string[],
): Promise<CheckedVariants | null> {
  if (!input.abTest) return null;
  const variants: StoredVariant[] = [];
  const columns = new Set<string>();
  for (const [i, v] of input.abTest.variants.entries()) {
    const checked = await validateLaunch(
      ctx,
      businessId,
      { ...input, template: v.template },
      listColumns,
    ).catch(under(i));
    for (const c of checked.columns) columns.add(c);
    variants.push({
      name: v.name,
      arm: i + 1,
      templateId: checked.template.id,
      templateName: checked.template.name,
      language: checked.template.language,
      category: checked.template.category,
      components: v.template.components,
    });
  }
  return { variants, columns: [...columns] };
}

/** What the promotion stores (promotions.ab_test): the checked variants and the draw's seed. */
export function storedAbTest(
  checked: CheckedVariants,
  input: NonNullable<LaunchPromotionInput["abTest"]>,
  promotionId: string,
): StoredAbTest {
  return {
    variants: checked.variants,
    holdoutPercent: input.holdoutPercent,
    seed: abSeed(input.seed, promotionId),
    ...(input.winner && { winner: { ...input.winner } }),
  };
}
