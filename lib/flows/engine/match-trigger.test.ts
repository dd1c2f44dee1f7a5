import { describe, expect, it } from "vitest";
import { FlowDefinition, type FlowDefinitionInput } from "../definition";
import { matchFlow, type PublishedFlow } from "./match-trigger";

const flow = (name: string, triggers: FlowDefinitionInput["triggers"]): PublishedFlow => ({
  id: name,
  name,
  version: 1,
  definition: FlowDefinition.parse({
    triggers,
    start: "bye",
    steps: [{ id: "bye", type: "end", text: "Bye" }],
  }),
});
const message = (text: string, where: { channel: "chatapp" | "rcs"; sender: string }) => ({
  text,
  buttonPayload: null,
  isNew: false,
  ...where,
});

describe("matchFlow: a trigger's channels and senders", () => {
  const flows = [
    flow("rcs only", [{ type: "keyword", words: ["order"], channels: ["rcs"] }]),
    flow("shop number", [{ type: "keyword", words: ["order"], senders: ["1001"] }]),
    flow("anywhere", [{ type: "fallback" }]),
  ];
  it("takes a message only where the trigger listens", () => {
    expect(matchFlow(flows, message("order", { channel: "rcs", sender: "agent-1" }))?.name).toBe("rcs only");
    expect(matchFlow(flows, message("order", { channel: "chatapp", sender: "1001" }))?.name).toBe(
      "shop number",
    );
    // Neither keyword trigger listens on WhatsApp's other number: the fallback takes it.
    expect(matchFlow(flows, message("order", { channel: "chatapp", sender: "2002" }))?.name).toBe("anywhere");
  });
  it("a trigger without channels or senders listens everywhere", () => {
    const open = [flow("open", [{ type: "keyword", words: ["order"] }])];
    for (const where of [
      { channel: "chatapp" as const, sender: "1001" },
      { channel: "rcs" as const, sender: "agent-9" },
    ])
      expect(matchFlow(open, message("ORDER", where))?.name).toBe("open");
  });
});
