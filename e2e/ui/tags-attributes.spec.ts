import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { checkAtBothWidths } from "./both-widths";
import { apiKeyFor, signIn } from "./helpers";

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
  // The last attribute gone, the table gives way to its empty state: look for the key anywhere.
  await expect(page.getByRole("main").getByText(`plan_${suffix}`)).toHaveCount(0);
});

test("a tag a segment names: a rename follows into the segment, a delete is refused in its dialog", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  await signIn(page, E2E_ADMIN);
  const { businessId, key } = await apiKeyFor(page);
  const headers = { "x-api-key": key };
  const audiences = `/api/v3/audiences/${businessId}`;
  const up = await page.request.post("/api/v3/profile/upload", {
    headers,
    data: {
      profile: [
        {
          phone: `9197${String(Date.now() % 1e8).padStart(8, "0")}`,
          countrycode: "IN",
          tags: [`Loyal ${suffix}`],
        },
      ],
    },
  });
  expect(up.status(), await up.text()).toBe(200);
  const segment = await page.request.post(`${audiences}/segments`, {
    headers,
    data: {
      name: `Loyal buyers ${suffix}`,
      definition: { groups: [{ conditions: [{ kind: "tags", op: "any_of", tags: [`loyal ${suffix}`] }] }] },
    },
  });
  expect(segment.status(), await segment.text()).toBe(201);
  const segmentId = ((await segment.json()) as { id: string }).id;
  const counted = async () =>
    (
      (await (await page.request.get(`${audiences}/segments/${segmentId}/count`, { headers })).json()) as {
        count: number;
      }
    ).count;
  expect(await counted()).toBe(1);

  await page.goto("/profiles/fields");
  const tags = page.getByRole("table", { name: "Tags" });
  await tags.getByRole("button", { name: `Edit tag Loyal ${suffix}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit tag Loyal ${suffix}` });
  await edit.getByLabel("Name").fill(`Faithful ${suffix}`);
  await edit.getByRole("button", { name: "Save tag" }).click();
  await expect(edit).toBeHidden();
  // The segment names the new name and still counts its subscriber.
  const stored = (await (
    await page.request.get(`${audiences}/segments/${segmentId}`, { headers })
  ).json()) as {
    definition: { groups: { conditions: { tags: string[] }[] }[] };
  };
  expect(stored.definition.groups[0]!.conditions[0]!.tags).toEqual([`Faithful ${suffix}`]);
  expect(await counted()).toBe(1);

  // Delete: refused while the segment names it, the reason in the dialog, which stays open.
  await tags.getByRole("button", { name: `Delete tag Faithful ${suffix}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete the tag Faithful ${suffix}?` });
  await confirm.getByRole("button", { name: "Delete tag" }).click();
  await expect(confirm).toContainText(
    `The tag Faithful ${suffix} is used by the segment 'Loyal buyers ${suffix}': take it out of their definitions (or delete them) first`,
  );
  await expect(confirm).toBeVisible();
  await checkAtBothWidths(page, "tag-delete-refused");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(tags).toContainText(`Faithful ${suffix}`);
});
