import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fromDatabaseError, invalidInput, isUniqueViolation, zodDetails } from "./errors";

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

describe("isUniqueViolation", () => {
  it("finds SQLSTATE 23505 on the error or down its cause chain, as drizzle wraps it", () => {
    const pgError = { code: "23505", constraint: "teams_name_unique" };
    expect(isUniqueViolation(pgError)).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error("Failed query"), { cause: pgError }))).toBe(true);
    const twice = new Error("outer", { cause: new Error("Failed query", { cause: pgError }) });
    expect(isUniqueViolation(twice)).toBe(true);
    expect(fromDatabaseError(twice)?.status).toBe(409);
  });

  it("is false for other errors, including a Node error code on the outer error", () => {
    expect(isUniqueViolation({ code: "23503" })).toBe(false);
    expect(isUniqueViolation(new Error("boom"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation({ code: "ECONNRESET", cause: { code: "23505" } })).toBe(true);
  });
});

describe("zodDetails and invalidInput", () => {
  const schema = z.object({ message: z.object({ name: z.string() }), to: z.string() });
  const error = schema.safeParse({ message: {}, to: 1 }).error!;

  it("gives one detail per issue, its path dot-joined behind the prefix", () => {
    expect(zodDetails(error)).toEqual([
      { path: "message.name", message: expect.any(String) },
      { path: "to", message: expect.any(String) },
    ]);
    expect(zodDetails(error, "query.").map((d) => d.path)).toEqual(["query.message.name", "query.to"]);
  });

  it("is the documented 400 whose message names the first problem", () => {
    const err = invalidInput(error, "Invalid template");
    expect(err.status).toBe(400);
    expect(err.message).toBe(`Invalid template: message.name: ${zodDetails(error)[0]!.message}`);
    expect(err.details).toHaveLength(2);
    const root = z.string().safeParse(1).error!;
    expect(invalidInput(root).message).toMatch(/^Invalid request: body: /);
  });
});
