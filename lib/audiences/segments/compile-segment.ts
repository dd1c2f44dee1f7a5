import type { ResolvedCondition, ResolvedDefinition } from "./check-definition";
import type { ConditionValue } from "./check-value";
import { activitySql, consentSql, rcsSql, type Param } from "./activity-sql";
import { profileFields } from "./profile-fields";

/**
 * A definition as ONE SQL predicate over `profiles p`: every value is a placeholder (`params`
 * hold them, numbered from `firstParam`), every subquery is filtered on the business
 * (`business`, a placeholder the caller binds to the business id). The caller writes
 * `WHERE p.business_id = <business> AND (<sql>)`: count, a page of matches and the launch's
 * INSERT ... SELECT use the same text.
 */
export type CompiledSegment = { sql: string; params: unknown[] };

export function compileSegment(
  definition: ResolvedDefinition,
  opts: { business: string; firstParam: number },
): CompiledSegment {
  const params: unknown[] = [];
  const param = (v: unknown, cast = "") => {
    params.push(v);
    return `$${opts.firstParam + params.length - 1}${cast}`;
  };
  const b = opts.business;
  const join = (parts: string[], match: "all" | "any") =>
    parts.length === 1 ? parts[0]! : `(${parts.join(match === "all" ? " AND " : " OR ")})`;
  const groups = definition.groups.map((g) =>
    join(
      g.conditions.map((c) => conditionSql(c, b, param)),
      g.match,
    ),
  );
  return { sql: join(groups, definition.match), params };
}

function conditionSql(c: ResolvedCondition, b: string, param: Param): string {
  switch (c.kind) {
    case "field":
      return valueSql(profileFields[c.field].column, c.type, c.op, c.value, param);
    case "attribute":
      return attributeSql(c, param);
    case "tags":
      return tagsSql(c, param);
    case "activity":
      return activitySql(c, b, param);
    case "consent":
      return consentSql(c.state, b);
    case "channel":
      return rcsSql(c.rcs, b);
  }
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (m) => `\\${m}`);

/** A text, number, date or instant column (or attribute text) against the operator's value. */
function valueSql(
  column: string,
  type: string,
  op: string,
  value: ConditionValue | undefined,
  param: Param,
): string {
  const isText = type === "text" || type === "choice";
  switch (op) {
    case "is_set":
      return isText ? `coalesce(${column}, '') <> ''` : `${column} IS NOT NULL`;
    case "not_set":
      return isText ? `coalesce(${column}, '') = ''` : `${column} IS NULL`;
    case "equals":
      return type === "number"
        ? `${column} = ${param(value, "::numeric")}`
        : `lower(${column}) = lower(${param(value)})`;
    case "contains":
      return `${column} ILIKE ${param(`%${escapeLike(String(value))}%`)}`;
    case "any_of":
      return type === "text"
        ? `lower(${column}) = ANY(${param(value, "::text[]")})`
        : `${column} = ANY(${param(value, "::text[]")})`;
    case "greater":
      return `${column} > ${param(value, "::numeric")}`;
    case "less":
      return `${column} < ${param(value, "::numeric")}`;
    case "before":
      return type === "instant"
        ? `${column} < (${param(value, "::date")} AT TIME ZONE 'UTC')`
        : `${column} < ${param(value, "::date")}`;
    case "after":
      // After the day: from the next day on.
      return type === "instant"
        ? `${column} >= ((${param(value, "::date")} + 1) AT TIME ZONE 'UTC')`
        : `${column} > ${param(value, "::date")}`;
    case "within_last_days":
      return type === "instant"
        ? `${column} >= now() - make_interval(days => ${param(value, "::int")})`
        : `${column} BETWEEN current_date - ${param(value, "::int")} AND current_date`;
    default:
      throw new Error(`operator ${op} does not fit ${type}`);
  }
}

/**
 * An attribute condition on profiles.attributes. Equality of a number, a boolean or a single
 * choice is a containment (`@>`), which a GIN index on attributes serves; the others read the
 * value by key, cast only when the stored JSON has the type (writes store each type as its own
 * JSON type, so a cast never fails on a value of another).
 */
function attributeSql(c: Extract<ResolvedCondition, { kind: "attribute" }>, param: Param): string {
  const key = param(c.key, "::text");
  const text = `(p.attributes ->> ${key})`;
  const contains = (v: string) => `p.attributes @> jsonb_build_object(${key}, ${v})`;
  if (c.op === "is_set") return `p.attributes ? ${key}`;
  if (c.op === "not_set") return `NOT (p.attributes ? ${key})`;
  switch (c.type) {
    case "number": {
      if (c.op === "equals") return contains(param(c.value, "::numeric"));
      const n = `(CASE WHEN jsonb_typeof(p.attributes -> ${key}) = 'number' THEN ${text}::numeric END)`;
      return valueSql(n, "number", c.op, c.value, param);
    }
    case "boolean":
      return contains(param(c.value, "::boolean"));
    case "choice": {
      const values = c.value as string[];
      if (values.length === 1) return contains(param(values[0], "::text"));
      return valueSql(text, "choice", c.op, values, param);
    }
    case "date":
      // Stored yyyy-mm-dd: compared as dates, cast only when it has that form.
      return valueSql(
        `(CASE WHEN ${text} ~ '^\\d{4}-\\d{2}-\\d{2}$' THEN ${text}::date END)`,
        "date",
        c.op,
        c.value,
        param,
      );
    default:
      return valueSql(text, "text", c.op, c.value, param);
  }
}

/**
 * A tags condition on profiles.tag_ids: overlap (`&&`) for any of, containment (`@>`) for all
 * of, both of which the GIN index on tag_ids serves and a bitmap AND joins to the attributes'.
 */
function tagsSql(c: Extract<ResolvedCondition, { kind: "tags" }>, param: Param): string {
  const ids = param(c.tagIds, "::uuid[]");
  if (c.op === "any_of") return `p.tag_ids && ${ids}`;
  if (c.op === "none_of") return `NOT (p.tag_ids && ${ids})`;
  return `p.tag_ids @> ${ids}`;
}
