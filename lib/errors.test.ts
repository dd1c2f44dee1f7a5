import { describe, expect, it } from "vitest";
import { fromDatabaseError } from "./errors";

describe("fromDatabaseError", () => {
  it("maps a unique violation to 409, also when wrapped by drizzle", () => {
    const pgError = { code: "23505", constraint: "users_email_unique", detail: "Key exists" };
    expect(fromDatabaseError(pgError)?.status).toBe(409);
    const wrapped = Object.assign(new Error("Failed query: insert ..."), { cause: pgError });
    const mapped = fromDatabaseError(wrapped);
    expect(mapped?.code).toBe("conflict");
    expect(mapped?.details[0]?.path).toBe("users_email_unique");
  });

  it("leaves other errors alone", () => {
    expect(fromDatabaseError(new Error("connection refused"))).toBeUndefined();
    expect(fromDatabaseError({ cause: { code: "57P01" } })).toBeUndefined();
  });
});
