import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { signIn } from "./helpers";
import { apiKeyFor, createAgent } from "./people-helpers";

// The menu hid these pages from agents, but typing the URL opened them. The server
// now refuses by the table in lib/auth/access.ts: pages redirect, routes answer 403.

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);

test("an agent typing a staff page's URL lands on its own page; its uploads are refused", async ({
  page,
  request,
  browser,
}) => {
  await signIn(page, E2E_ADMIN);
  const { key } = await apiKeyFor(page);
  const agent = await createAgent(request, key, "Typist");

  const context = await browser.newContext();
  const agentPage = await context.newPage();
  try {
    await agentPage.goto("/login");
    await agentPage.getByLabel("E-mail").fill(agent.email);
    await agentPage.getByLabel("Password").fill(agent.password);
    await agentPage.getByRole("button", { name: "Sign in" }).click();
    await expect(agentPage).toHaveURL(/\/account\/password/);

    // Still on its temporary password: no page, and no upload either.
    await agentPage.goto("/messages");
    await expect(agentPage).toHaveURL(/\/account\/password$/);
    const early = await agentPage.request.post("/templates/media", {
      multipart: { file: { name: "banner.png", mimeType: "image/png", buffer: PNG } },
    });
    expect(early.status()).toBe(403);
    expect(((await early.json()) as { error: { message: string } }).error.message).toMatch(
      /Choose your own password first/,
    );

    const newPassword = "agent-own-password-1";
    await agentPage.getByLabel("Current password").fill(agent.password);
    await agentPage.getByLabel(/^New password/).fill(newPassword);
    await agentPage.getByLabel("Repeat the new password").fill(newPassword);
    await agentPage.getByRole("button", { name: "Save and continue" }).click();
    await expect(agentPage).toHaveURL(/\/inbox$/);

    for (const path of [
      "/messages",
      "/messages/01900000-0000-7000-8000-000000000000",
      "/templates",
      "/templates/new/chatapp",
      "/templates/new/rcs",
      "/virtual-phone",
      "/campaigns",
      "/api-reference",
      "/console/businesses",
      "/flows",
    ]) {
      await agentPage.goto(path);
      await expect(agentPage, path).toHaveURL(/\/inbox$/);
      await expect(agentPage.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
    }
    // The menu offers nothing more than the server allows (Flow runs: those of the agent's own
    // conversations, lib/flows/list-flow-runs.ts).
    const menu = agentPage.getByRole("navigation", { name: "Main" }).first();
    await expect(menu.getByRole("link")).toHaveText(["Inbox", "Flow runs", "My status & calls"]);

    const upload = await agentPage.request.post("/templates/media", {
      multipart: { file: { name: "banner.png", mimeType: "image/png", buffer: PNG } },
    });
    expect(upload.status()).toBe(403);
    const body = (await upload.json()) as { error: { code: string; message: string; requestId: string } };
    expect(body.error.code).toBe("forbidden");
    expect(body.error.message).toBe("Your role (AGENT) may not upload template images");
    expect(body.error.requestId).toBeTruthy();
  } finally {
    await context.close();
  }
});
