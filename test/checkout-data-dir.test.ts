import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CHECKOUT_DATA_DIR, checkoutDataDirUntouched } from "./checkout-data-dir";

// What test/global-setup.ts runs over every `npm test`: a run that writes under the checkout's
// DATA_DIR (where `npm start` keeps the database and the first-start credentials) fails.

const dir = mkdtempSync(path.join(tmpdir(), "sb-checkout-data-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the checkout's DATA_DIR during tests", () => {
  it("is not the DATA_DIR the tests run with", () => {
    const dataDir = path.resolve(process.env.DATA_DIR!);
    expect(dataDir.startsWith(tmpdir())).toBe(true);
    expect(dataDir.startsWith(CHECKOUT_DATA_DIR)).toBe(false);
  });

  it("fails a run that wrote, changed or removed a file under it, naming the file", () => {
    mkdirSync(path.join(dir, "media"));
    writeFileSync(path.join(dir, "first-start.txt"), "the owner's credentials\n");
    writeFileSync(path.join(dir, "media", "a.png"), "x");
    const untouched = checkoutDataDirUntouched(dir);
    expect(() => untouched()).not.toThrow();
    writeFileSync(path.join(dir, "first-start.txt"), "port 0, another business\n");
    expect(() => untouched()).toThrow(/wrote under the checkout's DATA_DIR .*first-start\.txt/);
    const again = checkoutDataDirUntouched(dir);
    writeFileSync(path.join(dir, "media", "b.png"), "y");
    rmSync(path.join(dir, "media", "a.png"));
    expect(() => again()).toThrow(/media\/a\.png, media\/b\.png|media\/b\.png, media\/a\.png/);
  });
});
