import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessChannels } from "@/db/schema";
import { createTestBusiness, uniq } from "@/test/factories";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import type { ProviderInboundMessage } from "@/lib/channels/inbound-message";
import { applyRbmEvents } from "./rbm-handlers";

const userMessage = (agentId: string): ProviderInboundMessage => ({
  providerMessageId: `rbm-${uniq()}`,
  from: "919800000001",
  to: agentId,
  type: "text",
  text: "Is my order on its way?",
  buttonPayload: null,
  replyToProviderMessageId: null,
  profileName: null,
  media: null,
  receivedAt: new Date(),
  raw: {},
});

async function storedFor(businessId: string, providerMessageId: string): Promise<number> {
  const rows = await rawQuery<{ n: number }>(
    db(),
    `SELECT count(*)::int AS n FROM inbound_messages WHERE business_id = $1 AND provider_message_id = $2`,
    [businessId, providerMessageId],
  );
  return rows[0]!.n;
}

describe("applyRbmEvents", () => {
  it("stores a user message for the agent's owner on the process-wide URL", async () => {
    const { business } = await createTestBusiness();
    const agentId = `agent-${uniq()}`;
    await db()
      .update(businessChannels)
      .set({ provider: "google-rbm", config: { agentId, accessToken: "ya29" }, enabled: true })
      .where(and(eq(businessChannels.businessId, business.id), eq(businessChannels.channel, "rcs")));
    const inbound = userMessage(agentId);
    await applyRbmEvents({ kind: "events", agentId, events: [], inbound }, {});
    expect(await storedFor(business.id, inbound.providerMessageId)).toBe(1);
  });

  it("stores it for the URL's business whatever the agent, and drops it when no business owns the agent", async () => {
    const { business } = await createTestBusiness();
    const scoped = userMessage(`agent-${uniq()}`);
    await applyRbmEvents(
      { kind: "events", agentId: scoped.to, events: [], inbound: scoped },
      {
        businessId: business.id,
      },
    );
    expect(await storedFor(business.id, scoped.providerMessageId)).toBe(1);

    const orphan = userMessage(`agent-${uniq()}`);
    await applyRbmEvents({ kind: "events", agentId: orphan.to, events: [], inbound: orphan }, {});
    const anywhere = await rawQuery<{ n: number }>(
      db(),
      `SELECT count(*)::int AS n FROM inbound_messages WHERE provider_message_id = $1`,
      [orphan.providerMessageId],
    );
    expect(anywhere[0]!.n).toBe(0);
  });
});
