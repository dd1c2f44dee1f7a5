import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { checkAtBothWidths } from "./both-widths";
import { signIn } from "./helpers";

test("an admin defines tags and attributes: inline errors, edit, confirmed delete", async ({ page }) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  await signIn(page, E2E_ADMIN);
  await page.goto("/profiles");
  await page.getByRole("link", { name: "Tags and attributes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Tags and attributes" })).toBeVisible();

  // A tag, in a colour.
  await page.getByRole("button", { name: "New tag" }).click();
  const newTag = page.getByRole("dialog", { name: "New tag" });
  await newTag.getByLabel("Name").fill(`Gold club ${suffix}`);
  await newTag.getByLabel("Colour").selectOption("purple");
  await newTag.getByRole("button", { name: "Create tag" }).click();
  await expect(newTag).toBeHidden();
  const tags = page.getByRole("table", { name: "Tags" });
  await expect(tags.getByRole("row").filter({ hasText: `Gold club ${suffix}` })).toContainText("0");
  // The same name in another case is the same tag: refused with the reason.
  await page.getByRole("button", { name: "New tag" }).click();
  await newTag.getByLabel("Name").fill(`GOLD CLUB ${suffix}`);
  await newTag.getByRole("button", { name: "Create tag" }).click();
  await expect(newTag.getByText(/already/i)).toBeVisible();
  await newTag.getByRole("button", { name: "Cancel" }).click();

  // An attribute: a bad key is refused on its field before anything is sent; a choice list needs choices.
  await page.getByRole("button", { name: "New attribute" }).click();
  const newAttr = page.getByRole("dialog", { name: "New attribute" });
  await newAttr.getByLabel("Label").fill(`Plan ${suffix}`);
  await newAttr.getByLabel("Key").fill("Plan Name");
  await newAttr.getByLabel("Type").selectOption("choice");
  await newAttr.getByRole("button", { name: "Create attribute" }).click();
  await expect(newAttr.getByLabel("Key")).toHaveAttribute("aria-invalid", "true");
  await expect(newAttr.getByLabel("Choices")).toHaveAttribute("aria-invalid", "true");
  await newAttr.getByLabel("Key").fill(`plan_${suffix}`);
  await newAttr.getByLabel("Choices").fill("Gold\nSilver\n");
  await newAttr.getByRole("button", { name: "Create attribute" }).click();
  await expect(newAttr).toBeHidden();
  const attrs = page.getByRole("table", { name: "Attributes" });
  const row = attrs.getByRole("row").filter({ hasText: `plan_${suffix}` });
  await expect(row).toContainText("One of a list");
  await expect(row).toContainText("Gold, Silver");
  await checkAtBothWidths(page, "tags-attributes");

  // Edit: relabel and add a choice.
  await row.getByRole("button", { name: `Edit attribute Plan ${suffix}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit attribute Plan ${suffix}` });
  await expect(edit.getByLabel("Key")).toBeDisabled();
  await edit.getByLabel("Label").fill(`Membership ${suffix}`);
  await edit.getByLabel("Choices").fill("Gold\nSilver\nBronze");
  await edit.getByRole("button", { name: "Save attribute" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText(`Membership ${suffix}`);
  await expect(row).toContainText("Gold, Silver, Bronze");

  // Deletes ask first.
  await tags.getByRole("button", { name: `Delete tag Gold club ${suffix}` }).click();
  await page
    .getByRole("dialog", { name: `Delete the tag Gold club ${suffix}?` })
    .getByRole("button", { name: "Delete tag" })
    .click();
  await expect(tags).not.toContainText(`Gold club ${suffix}`);
  await row.getByRole("button", { name: `Delete attribute Membership ${suffix}` }).click();
  await page
    .getByRole("dialog", { name: `Delete the attribute Membership ${suffix}?` })
    .getByRole("button", { name: "Delete attribute" })
    .click();
  await expect(attrs).not.toContainText(`plan_${suffix}`);
});
