/**
 * The one table of failure reasons: what each error code means, for every page (overview,
 * campaign page, message page, messages list, virtual phone) and export (the E3 report's
 * Error column), so a code reads the same wherever it appears. Meta's codes in the words of
 * its Cloud API error reference; RCS (Google RBM) and Switchboard's own codes beside them.
 * The overview names a failure from the code alone (its counts carry no provider text).
 */
export const FAILURE_REASONS: Readonly<Record<string, string>> = {
  "130429": "Rate limit hit: the sender's throughput was reached",
  "131000": "Something went wrong at the provider",
  "131005": "Access denied",
  "131008": "A required parameter is missing",
  "131009": "A parameter value is not valid",
  "131016": "The provider's service is unavailable",
  "131021": "Recipient cannot be the sender",
  "131026": "Message undeliverable: the number is not on the channel or cannot receive it",
  "131031": "The business account is locked",
  "131042": "Business eligibility: a payment issue",
  "131047": "Re-engagement message: more than 24 hours since the customer last replied",
  "131048": "Spam rate limit hit",
  "131049": "Meta chose not to deliver (per-user marketing limit)",
  "131050": "The customer stopped marketing messages",
  "131051": "Unsupported message type",
  "131052": "Media download error",
  "131053": "Media upload error",
  "131056": "Too many messages to this customer in a short time",
  "132000": "Template parameter count does not match",
  "132001": "Template does not exist in this language",
  "132005": "Template text too long once filled",
  "132007": "Template breaks the format policy",
  "132012": "Template parameter format does not match",
  "132015": "Template is paused",
  "132016": "Template is disabled",
  "133010": "The sender's phone number is not registered",
  // RCS (Google RBM answers 404 NOT_FOUND for a number that cannot receive RCS).
  "404": "Recipient is not RCS-capable",
  TTL_EXPIRATION_REVOKED: "Expired: the RCS message was revoked when its time to live ran out",
  // Switchboard's own codes (dispatch and the campaign engine).
  provider_error: "The provider refused the message",
  provider_unavailable: "No provider for the channel in this deployment",
  channel_missing: "The business has no such channel",
  config: "The channel's provider settings are incomplete",
  unsupported: "The channel cannot send this kind of message",
  template_unavailable: "The template can no longer be sent (not approved, paused or deleted)",
  missing_value: "A variable of the message has no value in the recipient's row",
  no_fallback: "Not RCS-capable, and the campaign has no chatapp fallback",
  round_timeout: "No sent or failed status came back in time",
};

const UNKNOWN = "Unknown error code: see the failed messages for the provider's reason";

/** The reason text of an error code ('' when there is none). */
export function errorReason(code: string): string {
  if (code === "") return "No error code given";
  return FAILURE_REASONS[code] ?? UNKNOWN;
}

/**
 * What a failure with `code` shows: the table's reason, else the provider's own words (a code
 * the table does not know yet), else the table's fallback.
 */
export function failureReason(code: string | null | undefined, providerReason?: string | null): string {
  const known = code ? FAILURE_REASONS[code] : undefined;
  if (known) return known;
  if (providerReason) return providerReason;
  return errorReason(code ?? "");
}
