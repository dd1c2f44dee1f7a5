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
export const VarName = z
  .string()
  .trim()
  .min(1, "Name the variable")
  .max(64, "At most 64 characters")
  .regex(/^[a-z][a-z0-9_]*$/, "Lower case letters, digits and _, starting with a letter");
const Next = StepId.nullable().optional();
const Text = z.string().trim().min(1, "Write the message").max(4096, "At most 4,096 characters");

/** Media sent with a message: a public https URL the provider fetches (WhatsApp's `link`). */
const Media = z.object({
  type: z.enum(["image", "video", "document"]),
  url: z.url({ protocol: /^https?$/, error: "An http(s) URL" }).max(2048),
  /** A document's file name as the customer sees it. */
  filename: z.string().trim().max(240).optional(),
});

export const SendTextStep = z.object({
  id: StepId,
  type: z.literal("send_text"),
  /** `{{name}}` is replaced by the run's variable `name` (empty when unset); the caption with media. */
  text: Text,
  media: Media.optional(),
  next: Next,
});

/** An approved template (the only thing chatapp may send outside the customer's 24-hour window). */
export const SendTemplateStep = z.object({
  id: StepId,
  type: z.literal("send_template"),
  templateName: z.string().trim().min(1, "Choose a template").max(512),
  /** The template's language; none: the one approved template of that name. */
  language: z.string().trim().max(15).optional(),
  /** Body parameters in order, each with `{{name}}` placeholders. */
  parameters: z.array(z.string().max(1024)).max(20).default([]),
  next: Next,
});

/** One answer an `ask` offers: shown as a reply button, a list row or an RCS suggested reply. */
export const Choice = z.preprocess(
  (c) => (typeof c === "string" ? { title: c } : c),
  z.object({
    title: z.string().trim().min(1, "Name the choice").max(24, "At most 24 characters"),
    /** A list row's second line. */
    description: z.string().trim().max(72, "At most 72 characters").optional(),
    /** A list's section this row is under (rows with the same section are grouped). */
    section: z.string().trim().max(24, "At most 24 characters").optional(),
    /** Where the run goes when this choice is taken; none: the step's `next`. */
    next: Next,
  }),
);
export type Choice = z.infer<typeof Choice>;

export const AskStep = z.object({
  id: StepId,
  type: z.literal("ask"),
  /** Sent as the question; required unless `waitOnly`. */
  question: z
    .string()
    .trim()
    .max(4096, "At most 4,096 characters")
    .default("")
    .meta({ description: "The question sent; required unless waitOnly" }),
  /**
   * Sends nothing and waits for the answer to the message before it (typically a template's
   * quick-reply buttons, the one thing a flow may send outside the 24-hour window). The answer
   * is checked and saved as any; a re-ask is `retryText` alone (with the choices when `show`
   * offers them), free-form: the customer's reply has opened the window.
   */
  waitOnly: z.boolean().default(false).meta({
    description:
      "Send nothing and wait for the answer to the previous message (a template's quick-reply buttons outside the 24-hour window); a re-ask is retryText, free-form",
  }),
  /** What an answer must be: any text, a number, an e-mail address, a phone number, a date, or one of the choices. */
  expect: z.enum(["text", "number", "email", "phone", "date", "choice"]).default("text"),
  /** expect choice: the answers taken (by their title, case- and accent-insensitive, or their button/row tap). */
  choices: z.array(Choice).max(10, "At most 10 choices").default([]),
  /**
   * How choices are offered: as text, WhatsApp reply buttons (up to 3, titles up to 20
   * characters) or a list (up to 10 rows in sections). On RCS both are suggested replies.
   */
  show: z.enum(["text", "buttons", "list"]).default("text"),
  /** The label of the button that opens a list. */
  listButton: z.string().trim().min(1).max(20, "At most 20 characters").default("Choose"),
  /** Said when the answer does not fit, before asking again. */
  retryText: z.string().trim().max(1024).default("Sorry, I didn't get that."),
  /** How often the question is asked again after an answer that does not fit (then `onInvalid`). */
  retries: z.number().int().min(0).max(5).default(2),
  saveAs: VarName,
  /** Also written to the subscriber's profile field (the answer validated for that field). */
  saveToProfile: z.enum(["name", "city", "gender", "age", "dob"]).optional(),
  /**
   * Also written to the subscriber's custom attribute of this key, checked by the attribute's
   * type (an answer that does not fit is asked again); nothing is written when the business no
   * longer defines the key.
   */
  saveToAttribute: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,39}$/, "An attribute key: a-z first, then a-z, 0-9 and _")
    .optional(),
  /** Minutes the run waits for the answer before it goes to `onTimeout` (default: the flow's timeout). */
  timeoutMinutes: z
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .optional(),
  next: Next,
  onInvalid: Next,
  onTimeout: Next,
});

/** The places a branch condition reads, and how it compares (the builder's selects list these). */
export const ConditionSource = z.enum([
  "variable",
  "profile",
  "channel",
  "business_hours",
  "opted_out",
  "segment",
]);
export const ConditionOp = z.enum([
  "equals",
  "not_equals",
  "contains",
  "is_set",
  "is_not_set",
  "greater_than",
  "less_than",
  "is_true",
  "is_false",
]);

/** What a branch rule looks at: a run variable, a profile field, the channel, business hours or opt-out. */
const Condition = z.preprocess(
  (c) =>
    c && typeof c === "object" && !("source" in c) && "variable" in c
      ? { source: "variable", key: (c as { variable: unknown }).variable, ...c }
      : c,
  z.object({
    source: ConditionSource.default("variable"),
    /**
     * variable: its name; profile: the field (name, city, gender, age, dob); segment: the
     * segment's id (is_true: the customer is in it now); else unused.
     */
    key: z.string().trim().max(64).default(""),
    op: ConditionOp,
    /** Compared as a number for greater/less than; channel: chatapp or rcs. */
    value: z.string().max(256).default(""),
  }),
);
export type Condition = z.infer<typeof Condition>;

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

/**
 * A conversion of the customer (docs/economics.md, "Conversions"): recorded as the conversions
 * API records one and attributed by the business's model (last touch or last click), once per
 * run and step (its event id is the run's and the step's, so a run passing here twice counts once).
 */
export const ConversionStep = z
  .object({
    id: StepId,
    type: z.literal("conversion"),
    event: z.string().trim().min(1, "Name the event, e.g. purchase").max(100),
    /** A number, or `{{name}}` placeholders that make one when the step runs; empty: no value. */
    value: z.string().trim().max(200).default(""),
    currency: z
      .string()
      .trim()
      .regex(/^([A-Z]{3})?$/, "An ISO 4217 code in capitals, e.g. INR")
      .default(""),
    next: Next,
  })
  .refine((s) => !s.value || s.currency, { message: "A value needs its currency", path: ["currency"] });

/**
 * A request to the business's own system: signed like our callbacks, through the same
 * public-address guard, at most 10 s. A 2xx answer goes to `next` with the mapped fields
 * saved; anything else (status, timeout, refused address) to `onFailure`.
 */
export const HttpMethod = z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]);
export const HttpRequestStep = z.object({
  id: StepId,
  type: z.literal("http_request"),
  method: HttpMethod.default("POST"),
  /** With `{{name}}` placeholders (URL-encoded when filled in). */
  url: z.string().trim().min(1, "Give the URL").max(2048),
  headers: z
    .array(
      z.object({
        name: z
          .string()
          .trim()
          .min(1, "Name the header")
          .max(128, "At most 128 characters")
          .regex(/^[A-Za-z0-9-]+$/, "A header name: letters, digits and -"),
        value: z.string().max(2048, "At most 2,048 characters"),
      }),
    )
    .max(20, "At most 20 headers")
    .default([]),
  /** A JSON body with `{{name}}` placeholders (filled in as JSON strings); none for GET. */
  body: z.string().max(16_384, "At most 16,384 characters").optional(),
  timeoutMs: z.number().int().min(100, "At least 0.1 s").max(10_000, "At most 10 s").default(5_000),
  /** Response fields saved to variables: `path` is a dotted path into the JSON answer (`order.status`, `items.0.id`). */
  save: z
    .array(
      z.object({
        variable: VarName,
        path: z.string().trim().min(1, "Give the field's path").max(256, "At most 256 characters"),
      }),
    )
    .max(20, "At most 20 fields")
    .default([]),
  /** The answer's HTTP status is saved here when set. */
  statusAs: VarName.optional(),
  next: Next,
  onFailure: Next,
});

/** Waits a duration (durably: across restarts and instances), then goes on. */
export const WaitStep = z.object({
  id: StepId,
  type: z.literal("wait"),
  minutes: z
    .number()
    .int()
    .min(1, "At least a minute")
    .max(60 * 24 * 30, "At most 30 days"),
  next: Next,
});

export const ConversationState = z.enum(["open", "pending", "resolved"]);

/** Sets the conversation's state (pending: waiting on the customer; resolved). */
export const SetConversationStep = z.object({
  id: StepId,
  type: z.literal("set_conversation"),
  state: ConversationState,
  next: Next,
});

export const HandoverStep = z.object({
  id: StepId,
  type: z.literal("handover"),
  /** Said to the customer before an agent takes over; none when empty. */
  text: z.string().trim().max(4096).default(""),
  /** The team the conversation goes to; none: the inbox's routing for its sender. */
  teamId: z.uuid().nullable().default(null),
  /** An agent of the business to assign it to directly (else the team's routing picks one). */
  userId: z.uuid().nullable().default(null),
});

export const EndStep = z.object({
  id: StepId,
  type: z.literal("end"),
  text: z.string().trim().max(4096).default(""),
});

export const FlowStep = z.discriminatedUnion("type", [
  SendTextStep,
  SendTemplateStep,
  AskStep,
  BranchStep,
  SetVariableStep,
  ConversionStep,
  HttpRequestStep,
  WaitStep,
  SetConversationStep,
  HandoverStep,
  EndStep,
]);
export type FlowStep = z.infer<typeof FlowStep>;
export type FlowStepType = FlowStep["type"];
export const FLOW_STEP_TYPES = FlowStep.options.map((o) => o.shape.type.value);

export const FlowChannel = z.enum(["chatapp", "rcs"]);
/** The channels a trigger listens on; none: all. */
const Channels = z.array(FlowChannel).max(2).optional();
/** Sender ids (a business's WhatsApp number or RCS agent) the trigger listens on; none: all. */
const Senders = z
  .array(z.string().trim().min(1, "Give the sender id").max(128, "At most 128 characters"))
  .max(50, "At most 50 senders")
  .optional();
/** exact: the whole message is one of the words; contains: the message has one of them as a word. */
export const KeywordMatch = z.enum(["exact", "contains"]);

export const FlowTrigger = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("keyword"),
    match: KeywordMatch.default("exact"),
    words: z
      .array(z.string().trim().min(1, "Write the keyword").max(64, "At most 64 characters"))
      .min(1, "Add a keyword")
      .max(50, "At most 50 keywords"),
    channels: Channels,
    senders: Senders,
  }),
  /** The first message of a customer new to the business. */
  z.object({ type: z.literal("welcome"), channels: Channels, senders: Senders }),
  /** Any message outside the business's hours (docs/flows.md, "Business hours"). */
  z.object({ type: z.literal("away"), channels: Channels, senders: Senders }),
  /** A tap on a button or list row of an earlier message whose payload is one of these. */
  z.object({
    type: z.literal("button"),
    payloads: z
      .array(z.string().trim().min(1, "Write the payload").max(256, "At most 256 characters"))
      .min(1, "Add a payload")
      .max(50, "At most 50 payloads"),
  }),
  /** A reply to a campaign launched with this flow (E1's `flowId`/`flowName`). */
  z.object({ type: z.literal("campaign") }),
  /** Any message no other flow's trigger took. */
  z.object({ type: z.literal("fallback"), channels: Channels, senders: Senders }),
  /**
   * Started for a subscriber through the API (POST .../runs) and nothing else: no message
   * starts it. Any published flow can be started that way; this trigger is for a flow that
   * only is, so it can be published (docs/flows.md, "Starting a run through the API").
   */
  z.object({ type: z.literal("api") }),
]);
export type FlowTrigger = z.infer<typeof FlowTrigger>;

/** How the flow behaves around people and time. */
export const FlowSettings = z
  .object({
    /** Minutes a run waits for an answer before the question's `onTimeout` (or the run ends). */
    timeoutMinutes: z
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 30)
      .default(60 * 24),
    /** Runs one conversation may start in an hour (a loop between flows ends here). */
    maxRunsPerHour: z.number().int().min(1).max(100).default(10),
  })
  .default({ timeoutMinutes: 60 * 24, maxRunsPerHour: 10 });

/**
 * Where the builder's canvas shows each step (by step id), as the author placed them; a step
 * without one is placed next to the step leading to it, and none at all is dagre's layout. The
 * engine never reads it; ids naming no step are ignored.
 */
export const FlowLayout = z.object({
  positions: z
    .record(
      z.string().max(64),
      z.object({ x: z.number().finite().min(-1e6).max(1e6), y: z.number().finite().min(-1e6).max(1e6) }),
    )
    .refine((p) => Object.keys(p).length <= MAX_STEPS, `At most ${MAX_STEPS} positions`)
    .default({}),
});
export type FlowLayout = z.infer<typeof FlowLayout>;

export const FlowDefinition = z
  .object({
    triggers: z.array(FlowTrigger).max(20, "At most 20 triggers").default([]),
    settings: FlowSettings,
    /** The step a run starts on. */
    start: StepId,
    steps: z.array(FlowStep).min(1, "Add a step").max(MAX_STEPS, `At most ${MAX_STEPS} steps`),
    /** The builder's canvas positions (optional: a definition without them is laid out automatically). */
    layout: FlowLayout.optional(),
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
      if (s.type === "ask")
        askRules(s, (path, message) =>
          ctx.addIssue({ code: "custom", path: ["steps", i, ...path], message }),
        );
    });
  });
export type FlowDefinition = z.infer<typeof FlowDefinition>;
export type FlowDefinitionInput = z.input<typeof FlowDefinition>;

/** What an ask must satisfy beyond its fields' own limits (a question unless it only waits; WhatsApp's interactive limits). */
export function askRules(
  s: z.infer<typeof AskStep>,
  issue: (path: Array<string | number>, message: string) => void,
) {
  if (!s.waitOnly && !s.question) issue(["question"], "Write the question");
  if (s.waitOnly && s.retries > 0 && !s.retryText)
    issue(["retryText"], "Write what is said when the answer does not fit (it is the question asked again)");
  if (s.expect === "choice" && s.choices.length === 0) issue(["choices"], "Give the choices");
  if (s.show !== "text" && s.expect !== "choice") issue(["show"], "Buttons and lists need expect choice");
  if (s.show === "buttons") {
    if (s.choices.length > 3) issue(["choices"], "At most 3 reply buttons; use a list for more");
    s.choices.forEach((c, j) => {
      if (c.title.length > 20) issue(["choices", j, "title"], "A button's title is at most 20 characters");
    });
  }
  const titles = new Set<string>();
  s.choices.forEach((c, j) => {
    const t = c.title.toLowerCase();
    if (titles.has(t)) issue(["choices", j, "title"], `Choice ${c.title} is given twice`);
    titles.add(t);
  });
}

type NextRef = [Array<string | number>, string | null | undefined];

/** The steps a step can lead to, with where it names each. */
export function nextsOf(s: FlowStep): NextRef[] {
  switch (s.type) {
    case "send_text":
    case "send_template":
    case "set_variable":
    case "conversion":
    case "wait":
    case "set_conversation":
      return [[["next"], s.next]];
    case "ask":
      return [
        [["next"], s.next],
        ...s.choices.map((c, i): NextRef => [["choices", i, "next"], c.next]),
        [["onInvalid"], s.onInvalid],
        [["onTimeout"], s.onTimeout],
      ];
    case "http_request":
      return [
        [["next"], s.next],
        [["onFailure"], s.onFailure],
      ];
    case "branch":
      return [
        ...s.rules.map((r, i): NextRef => [["rules", i, "next"], r.next]),
        [["otherwise"], s.otherwise],
      ];
    case "handover":
    case "end":
      return [];
  }
}
