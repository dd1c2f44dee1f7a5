import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnv } from "@/lib/env";
import { priceNumbers, pricedCategory } from "./price-numbers";
import { rateCard } from "./rate-card";

const dir = mkdtempSync(path.join(tmpdir(), "rate-card-"));
const cardFile = (name: string, card: unknown) => {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(card));
  return file;
};

afterEach(() => {
  delete process.env.RATE_CARD_FILE;
  resetEnv();
});

describe("the rate card", () => {
  it("ships Meta's card: dated, in USD, every country priced (the rest by the * market)", () => {
    const { card, marketOf } = rateCard();
    expect(card).toMatchObject({ effective: "2025-07-01", currency: "USD" });
    expect(marketOf("IN")).toMatchObject({ market: "India", marketing: 0.0107, utility: 0.0014 });
    expect(marketOf("US").market).toBe("North America");
    expect(marketOf("JM").market).toBe("Rest of Latin America");
    expect(marketOf("GG").market).toBe("United Kingdom");
    expect(marketOf("KI").market).toBe("Other");
    expect(marketOf(undefined).market).toBe("Other");
  });

  it("prices numbers by their country, read from each group's sample (+1 876 is Jamaica, +7 7 Kazakhstan)", () => {
    const cost = priceNumbers(
      [
        { sample: "919876500001", n: 1000 },
        { sample: "919912300001", n: 500 },
        { sample: "14155550001", n: 10 },
        { sample: "18765550001", n: 3 },
        { sample: "77012345678", n: 2 },
        { sample: "79161234567", n: 0 },
      ],
      "marketing",
    );
    expect(cost.byCountry).toEqual([
      { country: "IN", market: "India", category: "marketing", messages: 1500, rate: 0.0107, cost: 16.05 },
      {
        country: "US",
        market: "North America",
        category: "marketing",
        messages: 10,
        rate: 0.025,
        cost: 0.25,
      },
      {
        country: "JM",
        market: "Rest of Latin America",
        category: "marketing",
        messages: 3,
        rate: 0.074,
        cost: 0.222,
      },
      { country: "KZ", market: "Other", category: "marketing", messages: 2, rate: 0.0604, cost: 0.1208 },
    ]);
    expect(cost).toMatchObject({ total: 16.6428, messages: 1515, currency: "USD", category: "marketing" });
  });

  it("prices a group at the category the provider billed it at, where it said", () => {
    const cost = priceNumbers(
      [
        { sample: "919876500001", n: 10, category: "utility" },
        { sample: "919876500001", n: 5, category: null },
      ],
      "marketing",
    );
    expect(cost.byCountry.map((l) => [l.category, l.messages, l.cost])).toEqual([
      ["marketing", 5, 0.0535],
      ["utility", 10, 0.014],
    ]);
  });

  it("knows the priced categories (a template's, in any case); RCS and unknown ones are not priced", () => {
    expect(pricedCategory("MARKETING")).toBe("marketing");
    expect(pricedCategory("AUTHENTICATION")).toBe("authentication");
    expect(pricedCategory(null)).toBeNull();
    expect(pricedCategory("SERVICE")).toBeNull();
  });

  it("takes an operator's card from RATE_CARD_FILE", () => {
    process.env.RATE_CARD_FILE = cardFile("own.json", {
      name: "Own card",
      effective: "2026-01-01",
      currency: "EUR",
      markets: [
        { market: "India", countries: ["IN"], marketing: 0.01, utility: 0.001, authentication: 0.001 },
        { market: "World", countries: ["*"], marketing: 0.05, utility: 0.01, authentication: 0.01 },
      ],
    });
    resetEnv();
    const cost = priceNumbers([{ sample: "919876500001", n: 3 }], "utility");
    expect(cost).toMatchObject({
      currency: "EUR",
      total: 0.003,
      card: { name: "Own card", effective: "2026-01-01" },
    });
  });

  it("refuses a card that does not parse, naming the file and the field", () => {
    process.env.RATE_CARD_FILE = cardFile("broken.json", {
      name: "Broken",
      effective: "2026-13-01",
      currency: "usd",
      markets: [{ market: "A", countries: ["IN"], marketing: -1, utility: 0, authentication: 0 }],
    });
    resetEnv();
    expect(() => rateCard()).toThrow(/broken\.json is not a rate card: .*effective.*currency.*marketing/);
    process.env.RATE_CARD_FILE = cardFile("no-rest.json", {
      name: "No rest",
      effective: "2026-01-01",
      currency: "USD",
      markets: [{ market: "A", countries: ["IN", "IN"], marketing: 1, utility: 0, authentication: 0 }],
    });
    resetEnv();
    expect(() => rateCard()).toThrow(/IN is already in A.*one market must have country "\*"/);
  });
});
