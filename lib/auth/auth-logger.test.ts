import { CredentialsSignin } from "@auth/core/errors";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureLog, type CapturedLog } from "@/test/log-capture";
import { authLogger } from "./auth-logger";
import { SignInThrottled } from "./sign-in-throttled";

describe("authLogger", () => {
  let cap: CapturedLog;
  beforeEach(() => {
    cap = captureLog("debug");
  });
  afterEach(() => cap.stop());

  it("logs a wrong password as one info line without a stack, even with a minified class name", () => {
    const err = new CredentialsSignin();
    // What the production build leaves of the name.
    Object.defineProperty(err, "name", { value: "t" });
    authLogger.error(err);
    const entries = cap.entries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ level: 30, msg: "dashboard sign-in refused" });
    expect(cap.text()).not.toContain("stack");
  });

  it("writes nothing more for a throttled attempt, and real faults as errors", () => {
    authLogger.error(new SignInThrottled("Try again in 5 seconds.", 5));
    expect(cap.entries()).toHaveLength(0);
    authLogger.error(new Error("jwt secret missing"));
    expect(cap.entries()).toMatchObject([{ level: 50, msg: "auth error" }]);
  });

  it("never writes next-auth's debug output (it holds the submitted password)", () => {
    (authLogger.debug as (...a: unknown[]) => void)("callback route error details", {
      body: { password: "pw" },
    });
    expect(cap.text()).toBe("");
  });
});
