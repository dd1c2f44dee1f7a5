import { describe, expect, it } from "vitest";
import { historyActorLabel } from "./history-actor";

describe("historyActorLabel", () => {
  it("names users, operators, API keys and providers", () => {
    expect(
      historyActorLabel({
        type: "user",
        id: "u",
        firstName: "Asha",
        lastName: "Rao",
        role: "BUSINESS_ADMIN",
      }),
    ).toBe("Asha Rao");
    expect(
      historyActorLabel({ type: "user", id: "u", firstName: "Omar", lastName: null, role: "OPERATOR" }),
    ).toBe("Omar (operator)");
    expect(historyActorLabel({ type: "user", id: "u" })).toBe("a user who no longer exists");
    expect(historyActorLabel({ type: "api_key", id: "k", keyName: "crm" })).toBe("API key 'crm'");
    expect(historyActorLabel({ type: "api_key", id: "k" })).toBe("an API key");
    expect(historyActorLabel({ type: "system", id: "provider:simulator" })).toBe("simulator (provider)");
    expect(historyActorLabel({ type: "system", id: "seed" })).toBe("the system");
  });
});
