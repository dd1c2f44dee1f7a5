// A process of its own that stores customer messages the way a server instance's webhook
// route does (recordInboundMessages, wired listeners): for cross-process routing tests. Input
// in SB_INBOUND_INPUT: { businessId, sender, customers }; prints "done <n>" when all stored.
import { closeDb, setDatabaseUrl } from "../lib/db";
import { resetEnv } from "../lib/env";
import { uuidv7 } from "../lib/ids";
import { systemCtx } from "../lib/context";
import { recordInboundMessages } from "../lib/inbound/record-inbound-messages";
import { wireAll } from "../lib/wiring";

const input = JSON.parse(process.env.SB_INBOUND_INPUT!) as {
  businessId: string;
  sender: string;
  customers: string[];
};
resetEnv();
setDatabaseUrl(process.env.DATABASE_URL!);
wireAll();
// Wait for the go file so every process starts writing at the same moment.
const { existsSync } = await import("node:fs");
while (!existsSync(process.env.SB_GO_FILE!)) await new Promise((r) => setTimeout(r, 10));
await Promise.all(
  input.customers.map((from) => {
    const ref = `proc.${uuidv7()}`;
    return recordInboundMessages(systemCtx("test-process"), {
      businessId: input.businessId,
      channel: "chatapp",
      provider: "simulator",
      messages: [
        {
          providerMessageId: ref,
          from,
          to: input.sender,
          type: "text",
          text: "hi",
          buttonPayload: null,
          replyToProviderMessageId: null,
          profileName: null,
          media: null,
          receivedAt: new Date(),
          raw: { id: ref },
        },
      ],
    });
  }),
);
console.log(`done ${input.customers.length}`);
await closeDb();
