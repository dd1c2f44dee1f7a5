import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe on the page as it is now (WCAG 2.1 A/AA rules and best practices): fails on any serious
 * or critical violation and lists each with its elements, so the failure says what to fix.
 * Moderate and minor findings are left to review (they include judgement calls).
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  what = page.url(),
  { soft = false }: { soft?: boolean } = {},
): Promise<void> {
  // A table re-reading its rows is dimmed while it loads (aria-busy) and fades back: a loading
  // state, not the page. Check the page once the rows are in and the fade is over.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll(".overflow-x-auto.transition-opacity")].every(
        (e) => getComputedStyle(e).opacity === "1",
      ),
    null,
    // A fade is 150-300 ms; a loaded CI machine running the Swagger reference took over 5 s.
    { timeout: 15_000 },
  );
  // Legacy mode runs axe in the page itself: the default runs each frame partially and then
  // opens a blank page to finish, ~1-4 s a call here for a page with no iframe. Only the
  // violations are needed, so the passes are not detailed (same rules, same findings).
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(" ")} ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`)
        .join("\n"),
  );
  (soft ? expect.soft : expect)(report, `axe on ${what}`).toEqual([]);
}

/** The page itself never scrolls sideways (wide tables scroll in their own box). */
export async function expectNoHorizontalScroll(
  page: Page,
  what = page.url(),
  { soft = false }: { soft?: boolean } = {},
): Promise<void> {
  // Right after a resize, parts that measure themselves (recharts' ResponsiveContainer, through
  // a ResizeObserver) still have the old width for a frame or two: give the page up to 3 s to
  // settle, as a user's would; an overflow that stays still fails.
  const measure = () =>
    page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
  let { scrollWidth, innerWidth } = await measure();
  for (let waited = 0; scrollWidth > innerWidth && waited < 3_000; waited += 100) {
    await page.waitForTimeout(100);
    ({ scrollWidth, innerWidth } = await measure());
  }
  (soft ? expect.soft : expect)(
    scrollWidth,
    `${what}: page is ${scrollWidth} px wide in a ${innerWidth} px window`,
  ).toBeLessThanOrEqual(innerWidth);
}
