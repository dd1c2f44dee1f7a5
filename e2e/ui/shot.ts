import type { Page } from "@playwright/test";

/**
 * Screenshots are for people to look at, not checks: taken on a developer's run, skipped in
 * CI (CI=true) unless E2E_SHOTS=1, since a full-page shot costs a shared core ~0.5 s and CI
 * keeps only the failures' own screenshots (playwright.config.ts).
 */
export const takeShots = !process.env.CI || process.env.E2E_SHOTS === "1";

export async function shot(page: Page, path: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (takeShots) await page.screenshot({ path, fullPage });
}
