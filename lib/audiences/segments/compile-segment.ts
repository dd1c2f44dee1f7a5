import type { ResolvedCondition, ResolvedDefinition } from "./check-definition";
import type { ConditionValue } from "./check-value";
import { activitySql, consentSql, rcsSql, type Param } from "./activity-sql";
import { profileFields } from "./profile-fields";

/**
 * A definition as ONE SQL predicate over `profiles p` and its facets `f` (SEGMENT_FROM): every
 * value is a placeholder (`params` hold them, numbered from `firstParam`), every subquery is
 * filtered on the business (`business`, a placeholder the caller binds to the business id).
 * The caller writes `FROM ${SEGMENT_FROM} WHERE p.business_id = <business> AND (<sql>)`: count,
 * a page of matches and the launch's INSERT ... SELECT use the same text.
 */
export type CompiledSegment = { sql: string; params: unknown[] };

/** The profiles a compiled predicate reads, with their facets (a profile may have none). */
export const SEGMENT_FROM =
  "profiles p LEFT JOIN profile_facets f ON f.business_id = p.business_id AND f.profile_id = p.id";

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
 * An attribute condition on the definition's slot of profile_facets `f` (db/schema/profile-facets.ts):
 * `n<slot>` (numeric: number, boolean as 1/0) or `s<slot>` (text, "C" collation: text
 * lower-cased, choice as stored, date yyyy-mm-dd, so its text order is date order). The trigger
 * writes each value as the old reading of profiles.attributes took it, so these match the same
 * profiles (lib/audiences/segments/facets-oracle.int.test.ts compares the two).
 */
function attributeSql(c: Extract<ResolvedCondition, { kind: "attribute" }>, param: Param): string {
  const numeric = c.type === "number" || c.type === "boolean";
  const column = `f.${numeric ? "n" : "s"}${c.slot}`;
  if (c.op === "is_set") return `${column} IS NOT NULL`;
  if (c.op === "not_set") return `${column} IS NULL`;
  switch (c.type) {
    case "number":
      return valueSql(column, "number", c.op, c.value, param);
    case "boolean":
      return `${column} = ${param(c.value ? 1 : 0, "::numeric")}`;
    case "choice": {
      const values = c.value as string[];
      return values.length === 1
        ? `${column} = ${param(values[0], "::text")}`
        : `${column} = ANY(${param(values, "::text[]")})`;
    }
    case "date":
      switch (c.op) {
        case "before":
          return `${column} < ${param(c.value, "::text")}`;
        case "after":
          return `${column} > ${param(c.value, "::text")}`;
        default: {
          const days = param(c.value, "::int");
          return `${column} BETWEEN to_char(current_date - ${days}, 'YYYY-MM-DD') AND to_char(current_date, 'YYYY-MM-DD')`;
        }
      }
    default:
      // Stored lower-cased: lower(value) = lower(x) and value ILIKE x, as the column holds lower(value).
      switch (c.op) {
        case "equals":
          return `${column} = lower(${param(c.value, "::text")})`;
        case "contains":
          return `${column} LIKE lower(${param(`%${escapeLike(String(c.value))}%`, "::text")})`;
        default:
          return `${column} = ANY(${param(c.value, "::text[]")})`;
      }
  }
}

/**
 * A tags condition on profile_facets.tag_ids (`f`, absent for a profile without tags or values:
 * its tags are none).
 */
function tagsSql(c: Extract<ResolvedCondition, { kind: "tags" }>, param: Param): string {
  const ids = param(c.tagIds, "::uuid[]");
  if (c.op === "any_of") return `f.tag_ids && ${ids}`;
  if (c.op === "none_of") return `NOT coalesce(f.tag_ids && ${ids}, false)`;
  return `f.tag_ids @> ${ids}`;
}

/**
 * Whether the definition reads profile_facets only, and matches no profile without tags and
 * values (so no profile that has no facets row): then its count is a scan of the facets alone.
 */
export function readsFacetsOnly(definition: ResolvedDefinition): boolean {
  const empty = (c: ResolvedCondition): boolean | undefined => {
    if (c.kind === "attribute") return c.op === "not_set";
    if (c.kind === "tags") return c.op === "none_of";
    return undefined;
  };
  const fold = (xs: (boolean | undefined)[], match: "all" | "any") =>
    xs.includes(undefined)
      ? undefined
      : match === "all"
        ? xs.every((x) => x === true)
        : xs.some((x) => x === true);
  const matchesEmpty = fold(
    definition.groups.map((g) => fold(g.conditions.map(empty), g.match)),
    definition.match,
  );
  return matchesEmpty === false;
}
