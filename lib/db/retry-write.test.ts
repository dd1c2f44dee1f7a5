import { describe, expect, it } from "vitest";
import { isConnectionLoss, retryOnConnectionLoss } from "./retry-write";

describe("isConnectionLoss", () => {
  it.each([
    [{ code: "57P01", message: "terminating connection due to administrator command" }, true],
    [{ code: "08006", message: "connection failure" }, true],
    [{ code: "57P03", message: "the database system is starting up" }, true],
    [{ code: "55000", message: 'database "x" is not currently accepting connections' }, true],
    [{ code: "ECONNREFUSED", message: "connect ECONNREFUSED 127.0.0.1:5432" }, true],
    [new Error("Connection terminated unexpectedly"), true],
    [{ code: "23505", message: "duplicate key value violates unique constraint" }, false],
    [{ code: "55000", message: "cannot disallow connections for current database" }, false],
    [new Error("syntax error at or near"), false],
  ])("%o -> %s", (err, expected) => {
    expect(isConnectionLoss(err)).toBe(expected);
  });
});

describe("retryOnConnectionLoss", () => {
  it("writes again after a lost connection, and gives any other error back at once", async () => {
    let n = 0;
    const lost = Object.assign(new Error("Connection terminated unexpectedly"), {});
    await expect(
      retryOnConnectionLoss("test", async () => {
        if (++n < 3) throw lost;
        return "written";
      }),
    ).resolves.toBe("written");
    expect(n).toBe(3);
    let m = 0;
    await expect(
      retryOnConnectionLoss("test", async () => {
        m++;
        throw Object.assign(new Error("duplicate key"), { code: "23505" });
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(m).toBe(1);
  });
});
