import { describe, expect, it } from "vitest";
import { SIMULATED_FAILURES } from "@/lib/channels/simulator/messages";
import { ROUND_TIMEOUT_CODE } from "@/lib/promotions/engine/fail-silent-recipients";
import { errorReason, failureReason, FAILURE_REASONS } from "./error-reasons";

describe("the one table of failure reasons", () => {
  it("knows every code the simulator, RCS and the engine produce", () => {
    for (const f of Object.values(SIMULATED_FAILURES)) expect(FAILURE_REASONS[f.errorCode]).toBeTruthy();
    for (const code of ["404", "130429", "131000", "provider_error", "missing_value", ROUND_TIMEOUT_CODE]) {
      expect(errorReason(code)).not.toMatch(/^Unknown/);
    }
  });

  it("reads 404 the same on the overview (code only) and where the provider's words are stored", () => {
    expect(errorReason("404")).toBe("Recipient is not RCS-capable");
    expect(failureReason("404", "NOT_FOUND: whatever the provider said")).toBe(errorReason("404"));
  });

  it("falls back to the provider's words for a code it does not know, then to a generic text", () => {
    expect(failureReason("999999", "Provider text")).toBe("Provider text");
    expect(failureReason("999999", null)).toMatch(/^Unknown error code/);
    expect(failureReason(null, null)).toBe("No error code given");
  });
});
