import { z } from "zod";

const rate = z.number().finite().min(0).max(10);

/** The template categories a card prices (Meta's): service messages are free. */
export const PRICED_CATEGORIES = ["marketing", "utility", "authentication"] as const;
export type PricedCategory = (typeof PRICED_CATEGORIES)[number];

/**
 * A per-message rate card (docs/economics.md, "Cost"): markets, each a list of ISO 3166 country
 * codes with a rate per template category, in one currency; the market with country "*" prices
 * every country no other market lists. The shipped card is Meta's; an operator replaces it with
 * RATE_CARD_FILE (a JSON file of this shape).
 */
export const RateCard = z
  .object({
    name: z.string().min(1).max(200),
    /** The day the rates took effect (yyyy-mm-dd): shown beside every estimate. */
    effective: z.iso.date(),
    currency: z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 code in capitals, e.g. USD"),
    source: z.string().max(500).optional(),
    markets: z
      .array(
        z.object({
          market: z.string().min(1).max(100),
          countries: z
            .array(z.string().regex(/^([A-Z]{2}|\*)$/, "must be ISO 3166 alpha-2 codes or *"))
            .min(1),
          marketing: rate,
          utility: rate,
          authentication: rate,
        }),
      )
      .min(1)
      .max(500),
  })
  .superRefine((card, ctx) => {
    const seen = new Map<string, string>();
    for (const [i, m] of card.markets.entries()) {
      for (const c of m.countries) {
        const other = seen.get(c);
        if (other)
          ctx.addIssue({
            code: "custom",
            path: ["markets", i, "countries"],
            message: `${c} is already in ${other}`,
          });
        seen.set(c, m.market);
      }
    }
    if (!seen.has("*"))
      ctx.addIssue({
        code: "custom",
        path: ["markets"],
        message: 'one market must have country "*" (every other country)',
      });
  });
export type RateCard = z.infer<typeof RateCard>;
