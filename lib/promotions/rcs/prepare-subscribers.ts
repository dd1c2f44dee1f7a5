import { readInternational } from "../../phone/international";
import { fillReferences } from "../column-references";
import type { BatchReject } from "./schemas";

export type PreparedSubscriber = {
  /** Position in the request's `subscribers`. */
  index: number;
  /** E.164 digits without '+'. */
  phone: string;
  /** The extras, keys lower-cased (what `${key}` matches, case-insensitively). */
  vars: Record<string, string>;
};

/**
 * Normalises a batch's subscribers: each phone must be a valid international number (as every
 * send takes it), each appears once in the batch (the first wins), and each has a non-empty
 * extra for every `${key}` the components use. The others are rejected with the reason;
 * they never fail the batch.
 */
export function prepareSubscribers(
  subscribers: Array<{ phone: string; extras: Record<string, string> }>,
  references: string[],
): { accepted: PreparedSubscriber[]; rejected: BatchReject[] } {
  const accepted: PreparedSubscriber[] = [];
  const rejected: BatchReject[] = [];
  const seen = new Set<string>();
  const probe = references.map((r) => `\${${r}}`).join(" ");
  subscribers.forEach((s, index) => {
    const phone = readInternational(s.phone);
    if (phone === undefined) {
      rejected.push({ index, phone: s.phone, reason: "invalid phone number (digits with the country code)" });
      return;
    }
    if (seen.has(phone)) {
      rejected.push({ index, phone: s.phone, reason: "duplicate: already earlier in this batch" });
      return;
    }
    const vars: Record<string, string> = {};
    for (const [k, v] of Object.entries(s.extras)) vars[k.trim().toLowerCase()] = v;
    const { missing } = fillReferences(probe, vars);
    if (missing.length > 0) {
      rejected.push({ index, phone: s.phone, reason: `missing variable value: ${missing.join(", ")}` });
      return;
    }
    seen.add(phone);
    accepted.push({ index, phone, vars });
  });
  return { accepted, rejected };
}
