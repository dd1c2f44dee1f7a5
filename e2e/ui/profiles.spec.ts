import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { openProfileImport, signIn } from "./helpers";

const TOTAL = 2500;

/**
 * 2,500 rows, 10 of them invalid (bad phone, bad date of birth, bad age, bad country),
 * spread so that each of the three 1,000-row chunks has some, including chunk edges.
 * The phone column has a header the import cannot guess, so the test maps it by hand.
 */
function buildCsv(): { csv: string; invalid: Map<number, RegExp> } {
  const invalid = new Map<number, { cells: (i: number) => string[]; reason: RegExp }>([
    [5, { cells: () => ["12", "IN", "Short", "30", "", "Pune"], reason: /^Phone: / }],
    [250, { cells: () => ["not a number", "IN", "Letters", "", "", ""], reason: /^Phone: / }],
    [999, { cells: (i) => [phone(i), "IN", "Feb", "", "31/02/1990", ""], reason: /^Date of birth: / }],
    [1000, { cells: (i) => [phone(i), "IN", "Future", "", "01/01/2999", ""], reason: /^Date of birth: / }],
    [1001, { cells: (i) => [phone(i), "IN", "Old", "abc", "", ""], reason: /^Age: / }],
    [1500, { cells: (i) => [phone(i), "XX", "Nowhere", "", "", ""], reason: /^Country code: / }],
    [1999, { cells: () => ["98765", "IN", "Five digits", "", "", ""], reason: /^Phone: / }],
    [2000, { cells: (i) => [phone(i), "IN", "Ancient", "400", "", ""], reason: /^Age: / }],
    [2400, { cells: () => ["0000000000", "IN", "Zeros", "", "", ""], reason: /^Phone: / }],
    [2499, { cells: () => ["", "IN", "No phone", "", "", ""], reason: /^Phone( is required|: )/ }],
  ]);
  const lines = ["Customer phone,Country,Full name,Age,DOB,City"];
  for (let i = 0; i < TOTAL; i++) {
    const bad = invalid.get(i);
    const cells = bad
      ? bad.cells(i)
      : [phone(i), "IN", `Subscriber ${i}`, String(18 + (i % 60)), "21/04/1993", "Bengaluru"];
    lines.push(cells.map((c) => (c.includes(",") ? `"${c}"` : c)).join(","));
  }
  return {
    csv: `${lines.join("\n")}\n`,
    invalid: new Map([...invalid].map(([i, v]) => [i, v.reason])),
  };
}

/** Valid Indian mobile numbers, distinct per row (a re-run updates the same profiles). */
function phone(i: number): string {
  return String(9100000000 + i * 37);
}

test("a CSV of 2,500 profiles with 10 invalid rows is imported in chunks of 1,000 with a per-row report", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(tmpdir(), "profiles-e2e-"));
  const file = path.join(dir, "subscribers.csv");
  const { csv, invalid } = buildCsv();
  writeFileSync(file, csv);
  try {
    await signIn(page, E2E_ADMIN);
    await page.getByRole("link", { name: "Profiles", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Profiles", level: 1 })).toBeVisible();

    const dialog = await openProfileImport(page, file);

    // Preview and column mapping: everything but the phone column is guessed from the header.
    await expect(dialog.getByText("subscribers.csv: 2,500 rows")).toBeVisible();
    await expect(dialog.getByRole("combobox", { name: "Country code", exact: true })).toHaveValue("Country");
    await expect(dialog.getByRole("combobox", { name: "Name", exact: true })).toHaveValue("Full name");
    await expect(dialog.getByRole("combobox", { name: /Date of birth/ })).toHaveValue("DOB");
    const start = dialog.getByRole("button", { name: /^Import/ });
    await expect(dialog.getByRole("combobox", { name: "Phone", exact: true })).toHaveValue("");
    await expect(start).toBeDisabled();
    await dialog.getByRole("combobox", { name: "Phone", exact: true }).selectOption("Customer phone");
    const preview = dialog.getByRole("table", { name: "Preview of the first rows" });
    await expect(preview.getByRole("row")).toHaveCount(6);
    await expect(preview.getByRole("row").nth(1)).toContainText(phone(0));
    await expect(preview.getByRole("row").nth(1)).toContainText("Subscriber 0");

    // Chunked upload: three server-action calls (1,000 + 1,000 + 500 rows) behind a progress bar.
    const chunkSizes: number[] = [];
    page.on("request", (req) => {
      if (req.method() === "POST" && req.headers()["next-action"]) {
        const body = req.postData() ?? "";
        const rows = body.match(/"countrycode"/g)?.length ?? 0;
        if (rows > 0) chunkSizes.push(rows);
      }
    });
    await start.click();
    const progress = dialog.getByRole("progressbar", { name: "Import progress" });
    await expect(progress).toBeVisible();

    const report = dialog.getByTestId("import-report");
    await expect(report).toBeVisible({ timeout: 60_000 });
    await expect(progress).toHaveAttribute("aria-valuenow", "100");
    await expect(dialog.getByText("2,500 of 2,500 rows sent")).toBeVisible();
    expect(chunkSizes).toEqual([1000, 1000, 500]);
    await expect(dialog.getByTestId("import-summary")).toHaveText(
      "2,490 uploaded, 10 rejected of 2,500 rows.",
    );

    // Every rejected row with its CSV line (header is line 1) and reason.
    const rows = dialog.getByRole("table", { name: "Rejected rows" }).locator("tbody tr");
    await expect(rows).toHaveCount(10);
    const got = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")),
    );
    expect(got.map((r) => Number(r[0]))).toEqual([...invalid.keys()].map((i) => i + 2));
    for (const [n, [, , reason]] of got.entries()) {
      expect(reason).toMatch([...invalid.values()][n]!);
    }

    // The table shows the imported profiles; search finds one.
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("searchbox", { name: "Search Profiles" }).fill(phone(1234));
    const hit = page.getByRole("row").filter({ hasText: phone(1234) });
    await expect(hit).toBeVisible();
    await expect(hit).toContainText("Subscriber 1234");
    await expect(hit).toContainText("21/04/1993");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a file without data rows is refused inline, before anything is sent", async ({ page }) => {
  const dir = mkdtempSync(path.join(tmpdir(), "profiles-e2e-"));
  const file = path.join(dir, "empty.csv");
  writeFileSync(file, "phone,name\n");
  try {
    await signIn(page, E2E_ADMIN);
    await page.goto("/profiles");
    const dialog = await openProfileImport(page, file);
    await expect(dialog.getByRole("alert")).toContainText("no data rows");
    await expect(dialog.getByRole("button", { name: /^Import/ })).toBeDisabled();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
