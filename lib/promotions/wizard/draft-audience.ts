import type { StoredAbTest, WinnerMetric } from "@/db/schema/ab-test";
import type { PromotionRow } from "../promotion-record";

/**
 * A campaign's audience as "duplicate as new" reopens it: its list by name, or its segment (by
 * the name the record keeps: renamed or deleted since, none is picked) or its tags (those of
 * them the business still has) with their ANY/ALL.
 */
export type DraftAudience =
  | { source: "list"; listName: string }
  | { source: "segment"; segmentId: string }
  | { source: "tags"; tags: string[]; criteria: "ANY" | "ALL" };

/** A campaign's A/B test as the wizard's A/B section takes it (the first variant is the message step's). */
export type DraftAbTest = {
  firstVariantName: string;
  /** The first variant's template and components: the message step's. */
  first: { templateId: string; components: unknown[] };
  /** The variants after the first: each its template and its stored components. */
  variants: { name: string; templateId: string; components: unknown[] }[];
  holdoutPercent: number;
  winner: { testShare: number; testHours: number; metric: WinnerMetric } | null;
};

/**
 * The record's tags (`targetType`, joined by ", ") as the business's tags now: a tag name may
 * itself hold ", ", so the longest run of parts that names a tag is taken first.
 */
export function tagsOfTarget(joined: string, tags: readonly string[]): string[] {
  const byLower = new Map(tags.map((t) => [t.toLowerCase(), t]));
  const parts = joined.split(", ");
  const out: string[] = [];
  for (let i = 0; i < parts.length;) {
    let j = parts.length;
    while (j > i && !byLower.has(parts.slice(i, j).join(", ").toLowerCase())) j--;
    if (j === i) {
      i++;
      continue;
    }
    out.push(byLower.get(parts.slice(i, j).join(", ").toLowerCase())!);
    i = j;
  }
  return [...new Set(out)];
}

export function draftAudience(
  p: Pick<PromotionRow, "targetSource" | "targetListName" | "tagSearchCriteria">,
  business: { segments: { id: string; name: string }[]; tags: { name: string }[] },
): DraftAudience {
  const named = p.targetListName ?? "";
  if (p.targetSource === "SEGMENT") {
    const segment = business.segments.find((s) => s.name.toLowerCase() === named.toLowerCase());
    return { source: "segment", segmentId: segment?.id ?? "" };
  }
  if (p.targetSource === "TAGS") {
    return {
      source: "tags",
      tags: tagsOfTarget(
        named,
        business.tags.map((t) => t.name),
      ),
      criteria: p.tagSearchCriteria === "ALL" ? "ALL" : "ANY",
    };
  }
  // A segment's or tags' campaign has no list to offer again (its snapshot is hidden).
  return { source: "list", listName: named };
}

export function draftAbTest(ab: StoredAbTest | null): DraftAbTest | null {
  if (!ab || ab.variants.length < 2) return null;
  const [first, ...more] = [...ab.variants].sort((a, b) => a.arm - b.arm);
  return {
    firstVariantName: first!.name,
    first: { templateId: first!.templateId, components: first!.components },
    variants: more.map((v) => ({ name: v.name, templateId: v.templateId, components: v.components })),
    holdoutPercent: ab.holdoutPercent,
    winner: ab.winner
      ? { testShare: ab.winner.testShare, testHours: ab.winner.testHours, metric: ab.winner.metric }
      : null,
  };
}
