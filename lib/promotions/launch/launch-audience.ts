import { z } from "zod";
import type { Ctx } from "../../context";
import { invalid, invalidInput, notFound } from "../../errors";
import { tagName } from "../../audiences/schemas";
import {
  checkDefinition,
  loadVocabulary,
  type ResolvedDefinition,
} from "../../audiences/segments/check-definition";
import { findSegmentByName, getSegment } from "../../audiences/segments/segments";

/** The E1 JSON form's audience when it is not a list: a saved segment, or profiles by their tags. */
export const audienceSources = ["SEGMENT", "TAGS"] as const;
export type AudienceSource = (typeof audienceSources)[number];

export const launchAudienceInput = z.object({
  targetSource: z.enum(audienceSources),
  segmentId: z.string().max(100).optional(),
  segmentName: z.string().trim().max(100).optional(),
  tags: z.array(tagName).min(1, "Name at least one tag").max(50, "At most 50 tags").optional(),
  tagSearchCriteria: z.enum(["ANY", "ALL"]).default("ANY"),
});

/** What the promotion record shows of its audience, and the definition its recipients come from. */
export type LaunchAudience = {
  source: AudienceSource;
  /** targetType: the segment's name, or the tags joined by ", ". */
  name: string;
  criteria: "ANY" | "ALL";
  definition: ResolvedDefinition;
};

/** Whether an E1 JSON body names a segment or tags as its audience (else it is the list form). */
export function isAudienceBody(body: unknown): boolean {
  const source = (body as { targetSource?: unknown } | null)?.targetSource;
  return typeof source === "string" && (audienceSources as readonly string[]).includes(source);
}

/**
 * The audience of an E1 body: the business's segment by `segmentId` (or `segmentName`; another
 * business's is a 404 as a missing one), its definition checked against today's attributes and
 * tags; or `tags` with `tagSearchCriteria` ANY (one of them) or ALL, each an existing tag.
 */
export async function resolveLaunchAudience(
  ctx: Ctx,
  businessId: string,
  body: unknown,
): Promise<LaunchAudience> {
  const parsed = launchAudienceInput.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error, "Invalid audience");
  const a = parsed.data;
  if (a.targetSource === "TAGS") {
    if (!a.tags) throw invalid("targetSource TAGS needs `tags`", [{ path: "tags", message: "Required" }]);
    const definition = { match: "all" as const, groups: [{ match: "all" as const, conditions: [] }] };
    const { tags } = await loadVocabulary(ctx, businessId, definition);
    const missing = a.tags.flatMap((t, i) =>
      tags.has(t.toLowerCase()) ? [] : [{ path: `tags.${i}`, message: `No tag named '${t}'` }],
    );
    if (missing.length)
      throw invalid(`Invalid audience: ${missing[0]!.path}: ${missing[0]!.message}`, missing);
    const tagIds = [...new Set(a.tags.map((t) => tags.get(t.toLowerCase())!))];
    return {
      source: "TAGS",
      name: a.tags.join(", "),
      criteria: a.tagSearchCriteria,
      definition: {
        match: "all",
        groups: [
          {
            match: "all",
            conditions: [{ kind: "tags", op: a.tagSearchCriteria === "ALL" ? "all_of" : "any_of", tagIds }],
          },
        ],
      },
    };
  }
  const segment = a.segmentId
    ? await getSegment(ctx, businessId, a.segmentId)
    : a.segmentName
      ? await findSegmentByName(ctx, businessId, a.segmentName)
      : undefined;
  if (!segment) {
    if (a.segmentId || a.segmentName) throw notFound("Segment");
    throw invalid("targetSource SEGMENT needs `segmentId` or `segmentName`", [
      { path: "segmentId", message: "Required" },
    ]);
  }
  return {
    source: "SEGMENT",
    name: segment.name,
    criteria: a.tagSearchCriteria,
    definition: await checkDefinition(ctx, businessId, segment.definition, "segment.definition"),
  };
}
