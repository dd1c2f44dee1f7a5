import type { Page } from "@playwright/test";
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations } from "./a11y";
import { shot } from "./shot";

/** Where the console, users, template-language and virtual-phone specs leave their screenshots for a look. */
export const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/shots-ui2";

type Options = {
  /** What a screenshot's path starts with (then `<name>-<width>.png`); SHOTS/ unless given. */
  prefix?: string;
  /** How long the page settles after a resize, in ms. */
  settle?: number;
  /** Soft checks: a finding fails the test at its end instead of stopping it. */
  soft?: boolean;
};

/**
 * The page as it is now at 390 px and at 1280 px: a screenshot of each, axe clean and no
 * sideways page scroll at both. Leaves the page at 1280 px.
 */
export async function checkAtBothWidths(
  page: Page,
  name: string,
  { prefix = `${SHOTS}/`, settle = 200, soft = false }: Options = {},
): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(settle);
    await shot(page, `${prefix}${name}-${width}.png`);
    await expectNoHorizontalScroll(page, `${name} at ${width}px`, { soft });
    await expectNoSeriousA11yViolations(page, `${name} at ${width}px`, { soft });
  }
}
