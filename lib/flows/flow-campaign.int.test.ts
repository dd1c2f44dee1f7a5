import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { customerWrites, userCtx } from "@/test/conversations";
import { createTestBusiness, uniq, type TestBusiness } from "@/test/factories";
import { approvedTemplate, phoneOf } from "@/test/messages";
import { chatappLaunch, launchWithFile } from "@/test/promotion-uploads";
import { finalStatus, runUntil } from "@/test/promotions";
import { createFlow, publishFlow } from "./flow-store";

// A campaign launched with a flow (E1 `flowId` or `flowName`): the replies of its recipients
// start that flow, before any keyword; a flow that is not there or not published is a 400 at
// the field; the promotion record names the flow.

const admin = (t: TestBusiness) => userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");
const texts = async (t: TestBusiness, customer: string) =>
  (
    await rawQuery<{ text: string | null }>(
      db(),
      `SELECT content->>'text' AS text FROM messages WHERE business_id = $1 AND recipient = $2 AND msg_type <> 'template' ORDER BY id`,
      [t.business.id, customer],
    )
  ).map((r) => r.text);

describe("campaign flows", () => {
  it("starts the campaign's flow on a recipient's reply, by flowId or flowName, and names it on the promotion", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id);
    const name = `Offer ${uniq()}`;
    const draft = await createFlow(admin(t), t.business.id, {
      name,
      definition: {
        triggers: [{ type: "campaign" }],
        start: "thanks",
        steps: [{ id: "thanks", type: "end", text: "Thanks for answering our offer!" }],
      },
    });
    // Not published yet: refused at the field.
    const early = await launchWithFile(t, `l${uniq()}`, "phone,name,order\n919811100001,Asha,A1\n", {
      ...chatappLaunch(tpl.name, phoneOf(t)),
      flowId: draft.id,
    });
    expect(early.status).toBe(400);
    expect(early.json.error.details).toEqual([
      { path: "flowId", message: expect.stringMatching(/has no published version/) },
    ]);
    const unknown = await launchWithFile(t, `l${uniq()}`, "phone,name,order\n919811100001,Asha,A1\n", {
      ...chatappLaunch(tpl.name, phoneOf(t)),
      flowName: "No such flow",
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.details[0]).toMatchObject({ path: "flowName" });

    await publishFlow(admin(t), t.business.id, draft.id);
    // A keyword flow that would take "yes" otherwise.
    const other = await createFlow(admin(t), t.business.id, {
      name: `kw ${uniq()}`,
      definition: {
        triggers: [{ type: "keyword", words: ["yes"] }],
        start: "k",
        steps: [{ id: "k", type: "end", text: "keyword flow" }],
      },
    });
    await publishFlow(admin(t), t.business.id, other.id);

    const launched = await launchWithFile(
      t,
      `l${uniq()}`,
      "phone,name,order\n919811100001,Asha,A1\n919811100002,Ravi,A2\n",
      { ...chatappLaunch(tpl.name, phoneOf(t)), flowName: name.toLowerCase() },
    );
    expect(launched.status, JSON.stringify(launched.json)).toBe(200);
    expect(launched.json).toMatchObject({ flowId: draft.id, flowName: name });
    await runUntil(finalStatus(launched.json.promotionId as string));

    await customerWrites(t, "919811100001", "yes");
    expect(await texts(t, "919811100001")).toEqual(["Thanks for answering our offer!"]);
    // Someone the campaign never reached gets the keyword flow.
    await customerWrites(t, "919811100009", "yes");
    expect(await texts(t, "919811100009")).toEqual(["keyword flow"]);
  });
});
