import type { Condition } from "../definition";

/** What a branch may look at besides the run's variables, read once per run step when needed. */
export type Facts = {
  channel: "chatapp" | "rcs";
  profile: () => Promise<Record<string, string | null>>;
  open: () => Promise<boolean>;
  optedOut: () => Promise<boolean>;
  /** Whether the customer is in the business's segment now (a deleted or broken one: no). */
  inSegment: (segmentId: string) => Promise<boolean>;
};

const TRUE = new Set(["true", "yes", "y", "1", "on"]);
const asNumber = (v: string) => (v.trim() === "" ? NaN : Number(v.replace(/[\s,]/g, "")));

/** Whether the condition holds (docs/flows.md, "Branch conditions"). */
export async function holds(c: Condition, vars: Record<string, string>, facts: Facts): Promise<boolean> {
  let value: string | undefined;
  switch (c.source) {
    case "variable":
      value = vars[c.key];
      break;
    case "profile":
      value = (await facts.profile())[c.key] ?? undefined;
      break;
    case "channel":
      value = facts.channel;
      break;
    case "business_hours":
      value = String(await facts.open());
      break;
    case "opted_out":
      value = String(await facts.optedOut());
      break;
    case "segment":
      value = String(await facts.inSegment(c.key));
      break;
  }
  const v = (value ?? "").trim();
  const want = c.value.trim();
  switch (c.op) {
    case "is_set":
      return v !== "";
    case "is_not_set":
      return v === "";
    case "equals":
      return v.toLowerCase() === want.toLowerCase();
    case "not_equals":
      return v.toLowerCase() !== want.toLowerCase();
    case "contains":
      return v.toLowerCase().includes(want.toLowerCase());
    case "greater_than":
    case "less_than": {
      const [a, b] = [asNumber(v), asNumber(want)];
      if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
      return c.op === "greater_than" ? a > b : a < b;
    }
    case "is_true":
      return TRUE.has(v.toLowerCase());
    case "is_false":
      return !TRUE.has(v.toLowerCase());
  }
}
