import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { checkAtBothWidths } from "./both-widths";
import { openProfileImport, signIn } from "./helpers";

// A number written with its calling code keeps its own country; the default
// country (IN, filled into every row by the import) reads national numbers only.
// Screenshots at 390 and 1280 px go to /tmp/p-country-*.png.

const SHOTS = "/tmp/p-country";
const tag = Date.now().toString(36);
// Distinct per run, so the rows found are this run's (a re-run updates the same profiles).
const n = (Date.now() % 9000) + 1000;
const ROWS = [
  { phone: `+44 7400 12${n}`, name: `Uk ${tag}`, country: "GB" },
  { phone: `+1 415 555 ${n}`, name: `Us ${tag}`, country: "US" },
  { phone: `98100 0${n}`, name: `In ${tag}`, country: "IN" },
];

async function shoot(page: Page, step: string) {
  await checkAtBothWidths(page, step, { prefix: `${SHOTS}-` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("imported +44 and +1 numbers keep GB and US beside the default country IN", async ({ page }) => {
  const dir = mkdtempSync(path.join(tmpdir(), "profile-country-"));
  const file = path.join(dir, "mixed.csv");
  writeFileSync(file, `phone,name\n${ROWS.map((r) => `${r.phone},${r.name}`).join("\n")}\n`);
  try {
    await signIn(page, E2E_ADMIN);
    await page.goto("/profiles");
    const dialog = await openProfileImport(page, file);
    await dialog.getByLabel("Default country code").fill("IN");
    await dialog.getByRole("button", { name: /^Import/ }).click();
    await expect(dialog.getByTestId("import-summary")).toHaveText("3 uploaded, 0 rejected of 3 rows.", {
      timeout: 30_000,
    });
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("searchbox", { name: "Search Profiles" }).fill(tag);
    // The new rows are the newest, so they show before the search applies: wait for it (300 ms
    // later, a navigation), or the checks below run on the page mid-navigation (CI saw axe find
    // a dimmed table and no <title>).
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
    await expect(page.getByRole("link", { name: "Export matches (CSV)" })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    for (const r of ROWS) {
      const row = page.getByRole("row").filter({ hasText: r.name });
      await expect(row).toBeVisible();
      await expect(row.getByRole("cell", { name: r.country, exact: true })).toBeVisible();
    }
    await shoot(page, "profiles");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
