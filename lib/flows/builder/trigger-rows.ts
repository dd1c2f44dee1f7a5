import { FlowChannel, FlowTrigger, KeywordMatch } from "../definition";

type TriggerType = FlowTrigger["type"];
export const TRIGGER_TYPES: TriggerType[] = FlowTrigger.options.map((o) => o.shape.type.value);

/**
 * A trigger as the settings form edits it: every kind's fields at once (the ones its kind does
 * not have are left out of the trigger), lists as one item per line, channels as checkboxes.
 */
export type TriggerRow = {
  type: TriggerType;
  match: MatchMode;
  words: string;
  payloads: string;
  channels: Record<ChannelName, boolean>;
  senders: string;
};
type MatchMode = (typeof KeywordMatch.options)[number];
type ChannelName = (typeof FlowChannel.options)[number];

/** The fields the schema gives a trigger kind (keyword: match, words, channels, senders; ...). */
export function fieldsOf(type: TriggerType): Set<string> {
  const o = FlowTrigger.options.find((x) => x.shape.type.value === type);
  return new Set(o ? Object.keys(o.shape) : []);
}

const lines = (v: string) =>
  v
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x) => typeof x === "string") : []);

/** A trigger of the draft (maybe not valid yet) as a form row. */
export function rowOf(t: unknown): TriggerRow {
  const o = (t && typeof t === "object" ? t : {}) as Record<string, unknown>;
  const type = TRIGGER_TYPES.includes(o.type as TriggerType) ? (o.type as TriggerType) : "keyword";
  const channels = strings(o.channels);
  return {
    type,
    match: KeywordMatch.options.includes(o.match as MatchMode) ? (o.match as MatchMode) : "exact",
    words: strings(o.words).join("\n"),
    payloads: strings(o.payloads).join("\n"),
    channels: Object.fromEntries(
      FlowChannel.options.map((c) => [c, channels.includes(c)]),
    ) as TriggerRow["channels"],
    senders: strings(o.senders).join("\n"),
  };
}

/** The row as a trigger of its kind: only the fields the kind has; no channel or sender ticked: all. */
export function triggerOf(row: TriggerRow): Record<string, unknown> {
  const has = fieldsOf(row.type);
  const t: Record<string, unknown> = { type: row.type };
  if (has.has("match")) t.match = row.match;
  if (has.has("words")) t.words = lines(row.words);
  if (has.has("payloads")) t.payloads = lines(row.payloads);
  if (has.has("channels")) {
    const on = FlowChannel.options.filter((c) => row.channels[c]);
    if (on.length > 0) t.channels = on;
  }
  if (has.has("senders") && lines(row.senders).length > 0) t.senders = lines(row.senders);
  return t;
}

const ITEM: Record<string, string> = { words: "Keyword", payloads: "Payload", senders: "Sender" };

/** FlowTrigger's issues with the row, each on the form field it belongs to ("Keyword 2: At most 64 characters"). */
export function rowIssues(row: TriggerRow): Array<{ field: keyof TriggerRow; message: string }> {
  const parsed = FlowTrigger.safeParse(triggerOf(row));
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => {
    const [field, index] = i.path;
    const name = (typeof field === "string" && field in row ? field : "type") as keyof TriggerRow;
    const message =
      typeof index === "number" && ITEM[name] ? `${ITEM[name]} ${index + 1}: ${i.message}` : i.message;
    return { field: name, message };
  });
}
