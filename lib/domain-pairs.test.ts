import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { importEdges, ROOT, sources } from "@/test/import-graph";

/**
 * Pairs of top-level lib domains (lib/<domain>/) that import each other, each with the reason
 * the two stay apart although each needs the other. Type-only imports count: a domain that
 * needs another's types cannot be read without it. The same reasons are in
 * docs/architecture.md ("Domains that import each other"). A pair that no longer imports both
 * ways must leave the list, so it stays true.
 */
const ALLOWED: Record<string, string> = {
  "audiences <-> profiles":
    "one subject in two folders: a profile is an audience's subscriber; profiles owns the row and its upload, audiences the attributes, tags and segments over the same rows, and each writes through the other's rules (an upload checks attribute types and creates tags; a bulk update selects with the profile list's filter)",
  "businesses <-> senders":
    "one subject in two folders: a sender is a number of a business's channel; creating a business names its simulator sender and saving channel settings saves the sender names, while listing senders reads the channels' view",
  "conversations <-> flows":
    "one subject in two folders: a flow is an automated agent inside a conversation; its steps reply, take the routing lock and settle the conversation, and a conversation starts flows on a customer's message and stops its run when an agent takes over (together about 100 files, so the folders stay apart)",
  "conversations <-> inbound":
    "Meta reports a customer's new number in the same change as their messages, and the conversations must move before the message is stored so it lands in the one they had: the inbound handler calls conversations for that step, while conversations listens to every stored customer message",
  "db <-> jobs":
    "a backup restore rebuilds the whole database, pg-boss's schema included, which only lib/jobs knows how to build; for everything else lib/jobs runs its SQL through lib/db",
  "economics <-> promotions":
    "economics is a campaign's money side: its per-campaign reports (clicks, conversions) find the campaign and its sent counts in promotions, and promotions' send path tracks links and prices the dry run through economics",
  "flows <-> promotions":
    "the opt-out list lives in promotions and every marketing send filters it, a flow's send included; a campaign may start a flow for those who answer it",
  "inbound <-> messages":
    "the virtual phone plays the customer on both sides: its typed reply is an inbound message sent to a sender whose channel messages resolves, and its button tap (beside the message it answers, in messages' simulator) is stored as an inbound message",
  "messages <-> promotions":
    "campaigns send through the messages send path; the virtual phone's button tap on a campaign message records the campaign interaction, as a real provider's button reply does",
};

/** The top-level lib domain of a file under lib/<domain>/, none for lib/*.ts. */
function domainOf(file: string): string | undefined {
  const parts = relative(join(ROOT, "lib"), file).split(sep);
  return parts.length > 1 ? parts[0] : undefined;
}

/** For each ordered pair of domains, the imports from the first into the second. */
function domainImports(): Map<string, string[]> {
  const byPair = new Map<string, string[]>();
  for (const [file, edges] of importEdges(sources(join(ROOT, "lib")))) {
    const from = domainOf(file);
    for (const edge of edges) {
      const to = domainOf(edge.to);
      if (!from || !to || from === to) continue;
      const key = `${from} -> ${to}`;
      const line = `${relative(ROOT, file)} -> ${relative(ROOT, edge.to)}${edge.typeOnly ? " (types)" : ""}`;
      byPair.set(key, [...(byPair.get(key) ?? []), line]);
    }
  }
  return byPair;
}

/** Every pair of domains importing each other, "a <-> b" with a before b, with both ways' imports. */
function twoWayPairs(): Map<string, string[]> {
  const imports = domainImports();
  const pairs = new Map<string, string[]>();
  for (const [key, lines] of imports) {
    const [a, b] = key.split(" -> ") as [string, string];
    const back = imports.get(`${b} -> ${a}`);
    if (a < b && back) pairs.set(`${a} <-> ${b}`, [...lines, ...back]);
  }
  return pairs;
}

describe("lib's domains", () => {
  const pairs = twoWayPairs();

  it("import each other only where the pair is listed with its reason (two domains that need each other are one domain, or one of them holds a piece the other owns)", () => {
    const unexplained = [...pairs]
      .filter(([pair]) => !(pair in ALLOWED))
      .map(([pair, lines]) => ({ pair, lines }));
    expect(unexplained).toEqual([]);
  });

  it("list no pair that no longer imports both ways (the list stays true)", () => {
    expect(Object.keys(ALLOWED).filter((pair) => !pairs.has(pair))).toEqual([]);
  });

  it("have each listed pair's reason in docs/architecture.md", () => {
    const doc = readFileSync(join(ROOT, "docs", "architecture.md"), "utf8");
    const missing = Object.keys(ALLOWED).filter((pair) => {
      const [a, b] = pair.split(" <-> ");
      return !doc.includes(`\`${a}\` <-> \`${b}\``);
    });
    expect(missing).toEqual([]);
  });
});
