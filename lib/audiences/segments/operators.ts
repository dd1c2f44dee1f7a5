import type { AttributeType } from "@/db/schema/audiences";
import type { ValueOperator } from "./definition";

/** The type of what a value condition reads: an attribute's type, or a profile field's. */
export type ValueType = AttributeType | "instant";

/** Which operators fit which type (docs/audiences.md, "Segments"); is_set and not_set fit all. */
export const operatorsOf: Record<ValueType, readonly ValueOperator[]> = {
  text: ["equals", "contains", "any_of", "is_set", "not_set"],
  number: ["equals", "greater", "less", "is_set", "not_set"],
  date: ["before", "after", "within_last_days", "is_set", "not_set"],
  instant: ["before", "after", "within_last_days", "is_set", "not_set"],
  boolean: ["is", "is_set", "not_set"],
  choice: ["any_of", "is_set", "not_set"],
};

/** What each operator's value must be (none for is_set / not_set). */
export const valueKindOf: Record<ValueOperator, "none" | "scalar" | "list" | "days"> = {
  equals: "scalar",
  contains: "scalar",
  greater: "scalar",
  less: "scalar",
  before: "scalar",
  after: "scalar",
  within_last_days: "days",
  is: "scalar",
  any_of: "list",
  is_set: "none",
  not_set: "none",
};
