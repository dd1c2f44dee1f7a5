import { z } from "zod";

/**
 * A flow's definition: its triggers and its graph of steps, the one format a flow is saved,
 * published, exported and imported in. A step names the step that follows it (`next`; a branch
 * and an ask name theirs per outcome); a step without a next ends the run. Step ids are the
 * author's, unique in the flow.
 */
export const MAX_STEPS = 200;
const StepId = z
  .string()
  .trim()
  .min(1, "Give the step an id")
  .max(64, "At most 64 characters")
  .regex(/^[A-Za-z0-9_-]+$/, "Letters, digits, - and _ only");
const VarName = z
  .string()
  .trim()
  .min(1, "Name the variable")
  .max(64, "At most 64 characters")
  .regex(/^[a-z][a-z0-9_]*$/, "Lower case letters, digits and _, starting with a letter");
const Next = StepId.nullable().optional();
const Text = z.string().trim().min(1, "Write the message").max(4096, "At most 4,096 characters");

export const SendTextStep = z.object({
  id: StepId,
  type: z.literal("send_text"),
  /** `{{name}}` is replaced by the run's variable `name` (empty when unset). */
  text: Text,
  next: Next,
});

export const AskStep = z.object({
  id: StepId,
  type: z.literal("ask"),
  question: Text,
  /** What an answer must be: any text, a number, an e-mail address, a phone number, or one of the choices. */
  expect: z.enum(["text", "number", "email", "phone", "choice"]).default("text"),
  /** expect choice: the answers taken (case- and accent-insensitive). */
  choices: z.array(z.string().trim().min(1).max(64)).max(10).default([]),
  /** Said when the answer does not fit, before asking again. */
  retryText: z.string().trim().max(1024).default("Sorry, I didn't get that."),
  /** How often the question is asked again after an answer that does not fit (then `onInvalid`). */
  retries: z.number().int().min(0).max(5).default(2),
  saveAs: VarName,
  next: Next,
  onInvalid: Next,
});

const Condition = z.object({
  variable: VarName,
  op: z.enum(["equals", "contains", "is_set", "is_not_set"]),
  value: z.string().max(256).default(""),
});
export const BranchStep = z.object({
  id: StepId,
  type: z.literal("branch"),
  /** The first rule whose condition holds picks the next step; else `otherwise`. */
  rules: z
    .array(z.object({ when: Condition, next: Next }))
    .min(1, "Add a rule")
    .max(20),
  otherwise: Next,
});

export const SetVariableStep = z.object({
  id: StepId,
  type: z.literal("set_variable"),
  variable: VarName,
  /** With `{{name}}` placeholders. */
  value: z.string().max(1024),
  next: Next,
});

export const HandoverStep = z.object({
  id: StepId,
  type: z.literal("handover"),
  /** Said to the customer before an agent takes over; none when empty. */
  text: z.string().trim().max(4096).default(""),
  /** The team the conversation goes to; none: the inbox's routing for its sender. */
  teamId: z.uuid().nullable().default(null),
});

export const EndStep = z.object({
  id: StepId,
  type: z.literal("end"),
  text: z.string().trim().max(4096).default(""),
});

export const FlowStep = z.discriminatedUnion("type", [
  SendTextStep,
  AskStep,
  BranchStep,
  SetVariableStep,
  HandoverStep,
  EndStep,
]);
export type FlowStep = z.infer<typeof FlowStep>;

export const FlowTrigger = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("keyword"),
    /** exact: the whole message is one of the words; contains: the message has one of them as a word. */
    match: z.enum(["exact", "contains"]).default("exact"),
    words: z.array(z.string().trim().min(1).max(64)).min(1, "Add a keyword").max(50),
  }),
  /** The first message of a customer new to the business. */
  z.object({ type: z.literal("welcome") }),
  /** Any message no other flow's trigger took. */
  z.object({ type: z.literal("fallback") }),
]);
export type FlowTrigger = z.infer<typeof FlowTrigger>;

export const FlowDefinition = z
  .object({
    triggers: z.array(FlowTrigger).max(20).default([]),
    /** The step a run starts on. */
    start: StepId,
    steps: z.array(FlowStep).min(1, "Add a step").max(MAX_STEPS, `At most ${MAX_STEPS} steps`),
  })
  .superRefine((d, ctx) => {
    const ids = new Set<string>();
    d.steps.forEach((s, i) => {
      if (ids.has(s.id))
        ctx.addIssue({ code: "custom", path: ["steps", i, "id"], message: `Step id ${s.id} is used twice` });
      ids.add(s.id);
    });
    if (!ids.has(d.start)) ctx.addIssue({ code: "custom", path: ["start"], message: `No step ${d.start}` });
    d.steps.forEach((s, i) => {
      for (const [path, target] of nextsOf(s))
        if (target && !ids.has(target))
          ctx.addIssue({ code: "custom", path: ["steps", i, ...path], message: `No step ${target}` });
      if (s.type === "ask" && s.expect === "choice" && s.choices.length === 0)
        ctx.addIssue({ code: "custom", path: ["steps", i, "choices"], message: "Give the choices" });
    });
  });
export type FlowDefinition = z.infer<typeof FlowDefinition>;
export type FlowDefinitionInput = z.input<typeof FlowDefinition>;

/** The steps a step can lead to, with where it names each. */
export function nextsOf(s: FlowStep): Array<[Array<string | number>, string | null | undefined]> {
  switch (s.type) {
    case "send_text":
    case "set_variable":
      return [[["next"], s.next]];
    case "ask":
      return [
        [["next"], s.next],
        [["onInvalid"], s.onInvalid],
      ];
    case "branch":
      return [
        ...s.rules.map((r, i): [Array<string | number>, string | null | undefined] => [
          ["rules", i, "next"],
          r.next,
        ]),
        [["otherwise"], s.otherwise],
      ];
    default:
      return [];
  }
}
