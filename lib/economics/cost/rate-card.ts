import { readFileSync } from "node:fs";
import { env } from "../../env";
import { zodDetails } from "../../errors";
import shipped from "./meta-whatsapp-2025-07-01.json";
import { RateCard, type PricedCategory } from "./rate-card-schema";

export type Market = RateCard["markets"][number];

let loaded: { file: string | undefined; card: RateCard; byCountry: Map<string, Market> } | undefined;

/**
 * The rate card in use: RATE_CARD_FILE when set (an operator's own card, read once), else the
 * card shipped with the code. A card that does not parse stops the caller with a message that
 * names the file and the field, never a guess.
 */
export function rateCard(): { card: RateCard; marketOf: (country: string | undefined) => Market } {
  const file = env().RATE_CARD_FILE;
  if (!loaded || loaded.file !== file) {
    const raw: unknown = file ? JSON.parse(readFileSync(file, "utf8")) : shipped;
    const parsed = RateCard.safeParse(raw);
    if (!parsed.success) {
      const why = zodDetails(parsed.error).map((d) => `${d.path}: ${d.message}`);
      throw new Error(`RATE_CARD_FILE ${file ?? "(shipped card)"} is not a rate card: ${why.join("; ")}`);
    }
    const byCountry = new Map<string, Market>();
    for (const m of parsed.data.markets) for (const c of m.countries) byCountry.set(c, m);
    loaded = { file, card: parsed.data, byCountry };
  }
  const { card, byCountry } = loaded;
  return { card, marketOf: (country) => (country && byCountry.get(country)) || byCountry.get("*")! };
}

/** The card's rate of one message of `category` to `market`. */
export const rateOf = (market: Market, category: PricedCategory): number => market[category];
