// Without side effects (unlike test/messages.ts, which sets the simulator's env): tests that
// write sent messages directly can import it without changing how the process runs.

/**
 * A sent template's stored `content` (messages.content) with its body filled with `params`, as
 * the send pipeline writes it.
 */
export const storedTemplateContent = (name: string, params = ["Asha", "A-77"]) => ({
  kind: "template",
  name,
  language: "en_US",
  components: [{ type: "body", parameters: params.map((text) => ({ type: "text", text })) }],
});
