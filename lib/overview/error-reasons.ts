/**
 * What Meta's error codes mean, in the words of its Cloud API error reference, so the overview
 * can name a failure without reading the messages table (the counts carry only the code).
 */
const reasons: Record<string, string> = {
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
};

/** The reason text of an error code ('' when there is none). */
export function errorReason(code: string): string {
  if (code === "") return "No error code given";
  return reasons[code] ?? "Unknown error code: see the failed messages for the provider's reason";
}
