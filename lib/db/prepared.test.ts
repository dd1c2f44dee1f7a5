import { afterEach, describe, expect, it } from "vitest";
import { statementName, setPreparedStatements } from "./prepared";

afterEach(() => setPreparedStatements(false));

describe("statementName", () => {
  it("names a recurring text on its third use, the same name every time after", () => {
    setPreparedStatements(true);
    const text = `SELECT $1::int AS n -- ${Math.random()}`;
    expect(statementName(text)).toBeUndefined();
    expect(statementName(text)).toBeUndefined();
    const name = statementName(text);
    expect(name).toMatch(/^sb_[\w-]{22}$/);
    expect(statementName(text)).toBe(name);
    expect(statementName(`${text} `)).toBeUndefined(); // another text
  });

  it("names nothing when off", () => {
    const text = `SELECT $1::int AS off -- ${Math.random()}`;
    for (let i = 0; i < 5; i++) expect(statementName(text)).toBeUndefined();
  });

  it("stops naming new texts at its cap (the prepared statements a connection keeps)", () => {
    setPreparedStatements(true);
    const named = new Set<string>();
    for (let k = 0; k < 150; k++) {
      const text = `SELECT $1::int AS cap${k} -- ${Math.random()}`;
      for (let i = 0; i < 3; i++) {
        const name = statementName(text);
        if (name) named.add(name);
      }
    }
    expect(named.size).toBeGreaterThan(0);
    expect(named.size).toBeLessThanOrEqual(100);
  });
});
