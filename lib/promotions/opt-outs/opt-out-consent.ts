import type { ConsentSource } from "@/db/schema/consent";
import type { OptOutSource } from "./schemas";

/** The consent ledger's source (lib/audiences/consent) for an opt-out list change, by the list's own source. */
export const consentSourceOf: Record<OptOutSource, ConsentSource> = {
  reply: "keyword",
  api: "api",
  dashboard: "dashboard",
  import: "csv_import",
};

/**
 * What an opt-out list change is in the ledger: the list keeps numbers out of campaigns and
 * marketing templates on every channel, so its events are kind `marketing`, channel `all`
 * (docs/decisions/consent-ledger.md).
 */
export const OPT_OUT_SCOPE = { channel: "all", kind: "marketing" } as const;
