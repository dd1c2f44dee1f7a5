import { createAttributeDefinition } from "../lib/audiences/attribute-definitions";
import { createSegment } from "../lib/audiences/segments/segments";
import { systemCtx, type Ctx } from "../lib/context";
import { uuidv7 } from "../lib/ids";
import { launchPromotion } from "../lib/promotions/launch/launch-promotion";
import { findList, type TargetList } from "../lib/promotions/lists/find-list";
import { ingestList } from "../lib/promotions/lists/ingest-list";
import { uploadProfiles } from "../lib/profiles/upload-profiles";
import { createTestBusiness, createTestUser, type TestBusiness } from "./factories";
import { approvedTemplate, phoneOf } from "./messages";
import { csvBytes, numbers } from "./promotions";

/**
 * One small business holding what the run-time-built statements need to be sent
 * (lib/db/raw-statements.int.test.ts): an attribute, tagged profiles, a saved segment on them,
 * an uploaded list with a refused row and an empty cell, and a campaign launched on it.
 */
export type StatementFixture = {
  t: TestBusiness;
  ctx: Ctx;
  businessId: string;
  /** An AGENT of the business (the visibility rules' other branch). */
  agent: Ctx;
  /** An id nothing has (filters that must parse but match nothing). */
  id: string;
  keyId: string;
  /** The profiles' numbers (the first in the segment). */
  phones: string[];
  segmentId: string;
  listName: string;
  list: TargetList;
  /** An E1 body on the list: its variables take `${name}` and `${city}`. */
  body: {
    name: string;
    channelType: "chatapp";
    phoneNumberId: string;
    template: { name: string; language: string; components: unknown[] };
  };
  promotionId: string;
};

/** Profiles with a tag and an attribute, as F1 uploads them (`extra` adds fields to each). */
export const profilesOf = (phones: string[], extra: Record<string, unknown> = {}) =>
  phones.map((phone, i) => ({
    phone,
    countrycode: "IN",
    name: `Name ${i}`,
    city: "Pune",
    age: 30 + i,
    gender: "F",
    tags: ["VIP"],
    attributes: { plan: "Gold" },
    ...extra,
  }));

export async function statementFixture(): Promise<StatementFixture> {
  const ctx = systemCtx("statements");
  const t = await createTestBusiness();
  const businessId = t.business.id;
  const agentUser = await createTestUser(businessId, { role: "AGENT" });
  await createAttributeDefinition(ctx, businessId, {
    key: "plan",
    label: "Plan",
    type: "choice",
    choices: ["Gold", "Silver"],
  });
  const phones = numbers(3, "0001");
  await uploadProfiles(ctx, businessId, { profile: profilesOf(phones) });
  const segment = await createSegment(ctx, businessId, {
    name: "Gold VIPs",
    definition: {
      groups: [
        {
          match: "all",
          conditions: [
            { kind: "tags", op: "any_of", tags: ["VIP"] },
            { kind: "attribute", key: "plan", op: "any_of", value: ["Gold"] },
            { kind: "field", field: "city", op: "equals", value: "Pune" },
          ],
        },
      ],
    },
  });
  const tpl = await approvedTemplate(businessId);
  const listName = "statements";
  const [a, b, c] = numbers(3, "0001", 10);
  await ingestList(ctx, {
    businessId,
    name: listName,
    source: csvBytes(`phone,name,city\n${a},Asha,Pune\n${b},Ravi,\n${c},Mira,Pune\n12,Bad,Pune\n`),
  });
  const list = await findList(ctx, businessId, listName);
  const body = {
    name: "Statements",
    channelType: "chatapp" as const,
    phoneNumberId: phoneOf(t),
    template: {
      name: tpl.name,
      language: "en_US",
      components: [
        {
          type: "BODY",
          variables: [
            { type: "text", value: "${name}" },
            { type: "text", value: "${city}" },
          ],
        },
      ],
    },
  };
  const launched = await launchPromotion(ctx, { businessId, list, body });
  return {
    t,
    ctx,
    businessId,
    agent: {
      db: ctx.db,
      actor: { type: "user", id: agentUser.id, role: "AGENT", businessId },
    },
    id: uuidv7(),
    keyId: t.keyId,
    phones,
    segmentId: segment.id,
    listName,
    list,
    body,
    promotionId: launched.promotionId,
  };
}
