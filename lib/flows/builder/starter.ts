import type { FlowDefinitionInput } from "../definition";

/** A new flow's draft: a keyword trigger, a greeting and an end, so it saves and publishes as it is. */
export function starterDefinition(): FlowDefinitionInput {
  return {
    triggers: [{ type: "keyword", match: "exact", words: ["hello"] }],
    start: "greeting",
    steps: [
      { id: "greeting", type: "send_text", text: "Hi! How can we help?", next: "done" },
      { id: "done", type: "end", text: "" },
    ],
  };
}
