import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { createApiApp } from "@/lib/api/app";
import { hashPassword } from "@/lib/users/passwords";
import { db } from "@/lib/db/pool";
import { uuidv7 } from "@/lib/ids";
import { log } from "@/lib/log";
import { createTestBusiness, uniq } from "@/test/factories";
import { captureLog, type CapturedLog } from "@/test/log-capture";

// What a failing query puts in the log: the statement, never its parameters.
const email = () => `leak-${uniq()}@example.test`;
const phone = "919955501234";

/** A users insert that PostgreSQL refuses (NUL in text), carrying personal and secret values. */
/**
 * An insert PostgreSQL refuses, carrying an e-mail, a hash and a phone as parameters: by the NUL
 * in a name (22021, which the API answers with a 400), or with `fault: "server"` by a business
 * that does not exist (a foreign-key violation: a server fault, a 500).
 */
async function failingInsert(
  values: { email: string; passwordHash: string },
  fault: "nul" | "server" = "nul",
): Promise<unknown> {
  try {
    await db()
      .insert(users)
      .values({
        id: uuidv7(),
        businessId: fault === "server" ? uuidv7() : null,
        role: fault === "server" ? "BUSINESS_ADMIN" : "OPERATOR",
        email: values.email,
        passwordHash: values.passwordHash,
        firstName: fault === "server" ? "Plain" : "Nul\u0000Byte",
        phoneNumber: phone,
      });
  } catch (err) {
    return err;
  }
  throw new Error("the insert was expected to fail");
}

describe("error logging", () => {
  let cap: CapturedLog;
  beforeEach(() => {
    cap = captureLog();
  });
  afterEach(() => cap.stop());

  it("logs a failed query without its parameters (drizzle message, params, pg detail)", async () => {
    const hash = await hashPassword(`pw-${uniq()}`);
    const mail = email();
    const err = await failingInsert({ email: mail, passwordHash: hash });
    // The raw error does carry them: that is what used to be logged.
    expect(String((err as Error).message)).toContain(mail);
    log.error({ err }, "job failed");
    const out = cap.text();
    expect(out).toContain("job failed");
    expect(out).toContain("Failed query: insert into");
    expect(out).toContain("22021"); // SQLSTATE of the cause survives
    for (const secret of [mail, hash, phone, "Nul"]) expect(out).not.toContain(secret);
  });

  it("drops the value PostgreSQL quotes in a data exception and the key of a unique violation", async () => {
    const secret = `sealed-${uniq()}`;
    const bad = await db()
      .execute(sql`SELECT ${secret}::int AS n`)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    const t = await createTestBusiness();
    const dup = await db()
      .insert(users)
      .values({
        id: uuidv7(),
        businessId: t.business.id,
        role: "AGENT",
        email: t.admin.email,
        firstName: "Dup",
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(JSON.stringify((dup as { cause?: { detail?: string } }).cause?.detail)).toContain(t.admin.email);
    log.error({ err: bad }, "one");
    log.error({ err: dup }, "two");
    const out = cap.text();
    expect(out).toContain("22P02");
    expect(out).toContain("23505");
    expect(out).toContain("users_email_unique");
    expect(out).not.toContain(secret);
    expect(out).not.toContain(t.admin.email);
  });

  it("redacts secret fields by name, wherever they sit", () => {
    log.info(
      {
        password: "pw-top",
        user: { passwordHash: "$argon2id$x", apiKey: "sk_live" },
        req: { body: { a: "b" } },
      },
      "fields",
    );
    const out = cap.text();
    for (const secret of ["pw-top", "$argon2id$x", "sk_live", '"a":"b"']) expect(out).not.toContain(secret);
    expect(out).toContain("[redacted]");
  });

  it("logs an API 500 once, with its requestId, and without the query's parameters", async () => {
    const app = createApiApp();
    const mail = email();
    const hash = await hashPassword(`pw-${uniq()}`);
    app.get("/api/v3/probe-failing-query", async () => {
      throw await failingInsert({ email: mail, passwordHash: hash }, "server");
    });
    const res = await app.request("/api/v3/probe-failing-query");
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: string; requestId: string } };
    expect(body.error.code).toBe("internal");
    const errors = cap.entries().filter((e) => (e.level as number) >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ requestId: body.error.requestId, path: "/api/v3/probe-failing-query" });
    const out = cap.text();
    for (const secret of [mail, hash, phone]) expect(out).not.toContain(secret);
  });
});
