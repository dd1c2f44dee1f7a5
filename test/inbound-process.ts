// A process of its own that stores customer messages the way a server instance's webhook
// route does (recordInboundMessages, wired listeners): for cross-process routing tests. Input
// in SB_INBOUND_INPUT: { businessId, sender, customers }; writes SB_READY_FILE once loaded; prints "done <n>" when all stored.
import { closeDb, setDatabaseUrl } from "../lib/db/pool";
import { resetEnv } from "../lib/env";
import { systemCtx } from "../lib/context";
import { recordInboundMessages } from "../lib/inbound/record-inbound-messages";
import { wireAll } from "../lib/wiring";
import { customerText } from "./customer-text";

const input = JSON.parse(process.env.SB_INBOUND_INPUT!) as {
  businessId: string;
  sender: string;
  customers: string[];
};
resetEnv();
setDatabaseUrl(process.env.DATABASE_URL!);
wireAll();
// Say it is loaded (SB_READY_FILE), then wait for the go file so every process starts writing
// at the same moment.
const { existsSync, writeFileSync } = await import("node:fs");
if (process.env.SB_READY_FILE) writeFileSync(process.env.SB_READY_FILE, "");
while (!existsSync(process.env.SB_GO_FILE!)) await new Promise((r) => setTimeout(r, 10));
await Promise.all(
  input.customers.map((from) =>
    recordInboundMessages(systemCtx("test-process"), {
      businessId: input.businessId,
      channel: "chatapp",
      provider: "simulator",
      messages: [customerText(from, input.sender, { text: "hi" })],
    }),
  ),
);
console.log(`done ${input.customers.length}`);
await closeDb();
