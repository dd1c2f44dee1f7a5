import { countryOf } from "../../phone/read-phone";
import { rateCard, rateOf } from "./rate-card";
import { PRICED_CATEGORIES, type PricedCategory } from "./rate-card-schema";

/**
 * Numbers sharing their first digits: `sample` is one of them, `n` how many; `category` the one
 * the provider said it billed them at, where it said (else the campaign's).
 */
export type NumberGroup = { sample: string; n: number; category?: PricedCategory | null };

export type CostLine = {
  country: string | null;
  market: string;
  category: PricedCategory;
  messages: number;
  rate: number;
  cost: number;
};

/** A cost by the rate card: per country (most expensive first), with the card it came from. */
export type CostByCard = {
  category: PricedCategory;
  currency: string;
  total: number;
  messages: number;
  byCountry: CostLine[];
  card: { name: string; effective: string };
};

/** A template's category as the card prices it; null for none (RCS) or an unpriced one. */
export function pricedCategory(category: string | null | undefined): PricedCategory | null {
  const c = category?.toLowerCase();
  return PRICED_CATEGORIES.find((k) => k === c) ?? null;
}

/**
 * Prices messages of one category by the rate card. The numbers come grouped by their first
 * four digits (enough to tell the countries of one calling code apart: +1 876 Jamaica, +7 7
 * Kazakhstan), so a million recipients are priced from a few hundred groups; each group's
 * country is read from its sample with libphonenumber, and a number it cannot place is priced
 * as the card's "every other country" market.
 */
export function priceNumbers(groups: NumberGroup[], category: PricedCategory): CostByCard {
  const { card, marketOf } = rateCard();
  const lines = new Map<string, CostLine>();
  for (const g of groups) {
    if (g.n === 0) continue;
    const country = countryOf(g.sample) ?? null;
    const market = marketOf(country ?? undefined);
    const billed = g.category ?? category;
    const key = `${country ?? `?${market.market}`}|${billed}`;
    const line = lines.get(key) ?? {
      country,
      market: market.market,
      category: billed,
      messages: 0,
      rate: rateOf(market, billed),
      cost: 0,
    };
    line.messages += g.n;
    line.cost = round(line.messages * line.rate);
    lines.set(key, line);
  }
  const byCountry = [...lines.values()].sort((a, b) => b.cost - a.cost || b.messages - a.messages);
  return {
    category,
    currency: card.currency,
    total: round(byCountry.reduce((sum, l) => sum + l.messages * l.rate, 0)),
    messages: byCountry.reduce((sum, l) => sum + l.messages, 0),
    byCountry,
    card: { name: card.name, effective: card.effective },
  };
}

/** Money to 4 decimals (the card's precision), without binary fractions piling up. */
const round = (v: number) => Math.round(v * 10_000) / 10_000;
