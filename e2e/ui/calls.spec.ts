import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../accounts";
import { signIn } from "./helpers";
import {
  apiKeyFor,
  createAgent,
  signatureValid,
  signInAgentFirstTime,
  startReceiver,
} from "./people-helpers";

const CDR_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/;

test("an agent places a call on the simulator and the signed CDR reaches the business's receiver", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const rx = await startReceiver();
  try {
    await signIn(page, E2E_ADMIN);
    const { businessId, key } = await apiKeyFor(page);
    const headers = { "x-api-key": key };

    // The business's CDR endpoint (only call.cdr events).
    const endpoint = await request.post(`/api/v3/callbacks/${businessId}/endpoints`, {
      headers,
      data: { url: rx.url, description: "calls e2e", events: ["call.cdr"] },
    });
    expect(endpoint.status(), await endpoint.text()).toBe(201);
    const { secret } = (await endpoint.json()) as { secret: string };

    const agent = await createAgent(request, key, "Caller");
    const agentPage = await signInAgentFirstTime(browser, agent);
    try {
      await agentPage.goto("/calls");
      // Calling is off until an admin enables it (G2 type=callingEnabled).
      await expect(agentPage.getByText("Calling is not enabled for you")).toBeVisible();
      const enabled = await request.patch(`/api/v1/business/user?apikey=${key}&email=${E2E_ADMIN.email}`, {
        data: {
          type: "callingEnabled",
          userId: agent.userId,
          callingEnabled: true,
          phoneNumber: agent.phone,
        },
      });
      expect(enabled.status(), await enabled.text()).toBe(200);
      // The page refreshes itself and shows the call form.
      const number = agentPage.getByLabel("Number to call");
      await expect(number).toBeVisible();

      // A bad number is refused inline; nothing is placed.
      await number.fill("12");
      await agentPage.getByRole("button", { name: "Call", exact: true }).click();
      await expect(number).toHaveAttribute("aria-invalid", "true");
      await expect(agentPage.getByText("Not a valid phone number")).toBeVisible();
      await expect(agentPage.getByTestId("my-status")).toHaveText("Available");

      // Last digit 5: answered, 10 + 15 = 25 s of talk (docs/simulator.md, Calls).
      await number.fill("+91 98765 43215");
      await agentPage.getByRole("button", { name: "Call", exact: true }).click();
      const notice = agentPage.getByText(/Calling \+919876543215: reference /);
      await expect(notice).toBeVisible();
      const callSid = (await notice.textContent())!.replace(/.*reference /, "").trim();
      await expect(agentPage.getByTestId("my-status")).toHaveText("In call");
      await expect(agentPage.getByRole("button", { name: "Call", exact: true })).toBeDisabled();

      // The CDR reaches the receiver, signed (Standard Webhooks), with the spec's fields.
      await expect.poll(() => rx.got.length, { timeout: 45_000 }).toBeGreaterThanOrEqual(1);
      const got = rx.got[0]!;
      expect(got.headers["x-switchboard-event"]).toBe("call.cdr");
      expect(got.headers["content-type"]).toContain("application/json");
      expect(signatureValid(secret, got)).toBe(true);
      expect(signatureValid(secret, { ...got, body: got.body.replace("completed", "c0mpleted") })).toBe(
        false,
      );
      const cdr = JSON.parse(got.body) as Record<string, unknown>;
      expect(cdr).toMatchObject({
        CallSid: callSid,
        EventType: "terminal",
        Status: "completed",
        To: "919876543215",
        From: agent.phone.replace(/^\+/, ""),
        Direction: "OUTBOUND",
        ConversationDuration: 25,
        Legs: [
          { OnCallDuration: 30, Status: "Disconnected" },
          { OnCallDuration: 25, Status: "Disconnected" },
        ],
      });
      for (const f of ["DateCreated", "DateUpdated", "StartTime", "EndTime"])
        expect(cdr[f]).toMatch(CDR_TIME);
      expect(cdr.PhoneNumberSid).toMatch(/^\d{6,15}$/);
      expect(cdr.RecordingUrl).toContain(`/api/v2/calling/recordings/${callSid}.wav?token=`);

      // The recording link plays (a WAV file).
      const recording = await request.get(String(cdr.RecordingUrl).replace(/^https?:\/\/[^/]+/, ""));
      expect(recording.status()).toBe(200);
      expect(recording.headers()["content-type"]).toContain("audio/wav");

      // The agent is back to the status it had; its calls list shows the record.
      await expect(agentPage.getByTestId("my-status")).toHaveText("Available");
      await expect(agentPage.getByTestId(`call-status-${callSid}`)).toHaveText("Completed");
      const row = agentPage.getByRole("row").filter({ has: agentPage.getByTestId(`call-status-${callSid}`) });
      await expect(row).toContainText("25 s");
      await expect(row.getByRole("link", { name: `Listen to call ${callSid}` })).toBeVisible();
      // Its details show the call data record: legs and the recording player.
      await row.getByRole("button", { name: `Details of call ${callSid}` }).click();
      const details = agentPage.getByRole("dialog", { name: "Call details" });
      await expect(details).toContainText(callSid);
      const legs = details.getByRole("table", { name: "Call legs" }).locator("tbody tr");
      await expect(legs).toHaveCount(2);
      await expect(legs.nth(0)).toContainText("Agent");
      await expect(legs.nth(0)).toContainText("30 s");
      await expect(legs.nth(1)).toContainText("Customer");
      await expect(legs.nth(1)).toContainText("25 s");
      await expect(details.locator("audio")).toHaveAttribute("src", String(cdr.RecordingUrl));
      await agentPage.keyboard.press("Escape");
      await expect(details).toBeHidden();

      // The admin sees the same call in the business's list.
      await page.goto("/calls");
      const adminRow = page.getByRole("row").filter({ has: page.getByTestId(`call-status-${callSid}`) });
      await expect(adminRow).toContainText("Caller");
      await expect(adminRow).toContainText("+919876543215");
      await expect(page.getByTestId(`call-status-${callSid}`)).toHaveText("Completed");
    } finally {
      await agentPage.context().close();
    }
  } finally {
    await rx.close();
  }
});
