import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { resolveLaunchAudience, type AudienceSource } from "../launch/launch-audience";
import { inRolledBackTransaction } from "../launch/rolled-back";
import { listFromSegment } from "../lists/list-from-segment";
import { previewOfList, type ListPreview } from "../lists/preview-list";

/** What the wizard sends of a segment or tags audience: E1's own audience fields. */
export type WizardTarget = {
  targetSource: AudienceSource;
  segmentId?: string;
  tags?: string[];
  tagSearchCriteria?: "ANY" | "ALL";
};

/**
 * A segment's or tags' audience as the wizard shows it: the list the launch would freeze
 * (columns, first rows, totals against today's opt-outs), whose `rowCount` is the live count of
 * matching subscribers. The snapshot is rolled back: `list.id` is empty, nothing is stored.
 * `columnLabels` names each column as the message step offers it (a profile field or an
 * attribute by its label).
 */
export type AudiencePreview = ListPreview & {
  target: WizardTarget;
  /** targetType: the segment's name, or the tags joined by ", ". */
  audienceName: string;
  columnLabels: Record<string, string>;
};

const FIELD_LABELS: Record<string, string> = {
  phone: "Phone number",
  name: "Name",
  city: "City",
  gender: "Gender",
  age: "Age",
  dob: "Date of birth",
  countryCode: "Country code",
  businessSubscriberId: "Subscriber id",
};

/**
 * The wizard's audience step on a segment or tags: resolved exactly as E1 resolves its body
 * (resolveLaunchAudience: a 404 for a segment that is not the business's, a 400 naming
 * `tags.N` for an unknown tag), then frozen as the launch freezes it (listFromSegment) in a
 * transaction that is rolled back, and previewed as a stored list is.
 */
export async function previewAudience(ctx: Ctx, businessId: string, raw: unknown): Promise<AudiencePreview> {
  const audience = await resolveLaunchAudience(ctx, businessId, raw);
  const r = raw as WizardTarget;
  const target: WizardTarget =
    audience.source === "SEGMENT"
      ? { targetSource: "SEGMENT", segmentId: r.segmentId }
      : { targetSource: "TAGS", tags: r.tags, tagSearchCriteria: audience.criteria };
  const preview = await inRolledBackTransaction(ctx, async (tx) => {
    const list = await listFromSegment(tx, {
      businessId,
      definition: audience.definition,
      path: audience.source === "TAGS" ? "tags" : "segmentId",
    });
    return previewOfList(tx, businessId, list);
  });
  const attributes = await rawQuery<{ key: string; label: string }>(
    ctx.db,
    "SELECT key, label FROM attribute_definitions WHERE business_id = $1",
    [businessId],
  );
  const byKey = new Map(attributes.map((a) => [a.key, a.label]));
  const columnLabels = Object.fromEntries(
    preview.list.columns.map((c) => [
      c,
      FIELD_LABELS[c] ?? (byKey.has(c) ? `Attribute: ${byKey.get(c)} (${c})` : c),
    ]),
  );
  return {
    ...preview,
    list: { ...preview.list, id: "", name: audience.name },
    target,
    audienceName: audience.name,
    columnLabels,
  };
}
