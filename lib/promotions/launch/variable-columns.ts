import { referencedColumns } from "../column-references";
import { valuePosition } from "../lists/list-columns";

/** A template variable that takes its value from a list column (`${column}`). */
export type VariableColumn = { variable: string; column: string };

/** ... with where the column's cell is in a stored list row (0: the list has no such column). */
export type VariableCell = VariableColumn & { position: number };

type Part = { type?: unknown; cards?: unknown };

/**
 * How a person names the variable at `path` inside an E1 component: `{{2}}` for the body's
 * second variable, `header {{1}}`, `button {{1}}`, `card 1 {{2}}` (by card_index).
 */
function labelOf(component: Part, path: (string | number)[], card?: number): string {
  const type = typeof component.type === "string" ? component.type.toUpperCase() : "";
  const at = path.findIndex((p) => p === "variables" || p === "parameters");
  const n = at >= 0 && typeof path[at + 1] === "number" ? `{{${(path[at + 1] as number) + 1}}}` : "";
  const where = type === "BODY" || type === "" ? "" : type.toLowerCase();
  return [card === undefined ? "" : `card ${card}`, where, n].filter(Boolean).join(" ") || "variable";
}

function* strings(value: unknown, path: (string | number)[]): Generator<[(string | number)[], string]> {
  if (typeof value === "string") yield [path, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, [...path, i]);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) yield* strings(v, [...path, k]);
}

/**
 * Every (variable, column) pair of E1 components, in order, `${phone}` left out (every row has
 * its number). A row whose cell of one of these columns is empty is refused at launch, with
 * the variable and the column in its reason.
 */
export function variableColumns(components: readonly unknown[]): VariableColumn[] {
  const out: VariableColumn[] = [];
  const seen = new Set<string>();
  const add = (variable: string, text: string) => {
    for (const column of referencedColumns([text])) {
      const key = `${variable}\u0000${column}`;
      if (column === "phone" || seen.has(key)) continue;
      seen.add(key);
      out.push({ variable, column });
    }
  };
  for (const component of components) {
    const c = (component ?? {}) as Part & Record<string, unknown>;
    for (const [path, text] of strings(c, [])) {
      if (path[0] !== "cards") add(labelOf(c, path), text);
    }
    if (!Array.isArray(c.cards)) continue;
    for (const card of c.cards as Array<{ card_index?: unknown; components?: unknown }>) {
      const index = typeof card?.card_index === "number" ? card.card_index : 0;
      for (const inner of Array.isArray(card?.components) ? card.components : []) {
        for (const [path, text] of strings(inner, [])) add(labelOf((inner ?? {}) as Part, path, index), text);
      }
    }
  }
  return out;
}

/** The pairs with their cell positions in the list's rows. */
export function variableCells(
  listColumns: readonly string[],
  components: readonly unknown[],
): VariableCell[] {
  return variableColumns(components).map((v) => ({ ...v, position: valuePosition(listColumns, v.column) }));
}

/** What a refused row's reason says of one pair: `{{1}} (column "first_name")`. */
export const describeVariable = (v: VariableColumn) => `${v.variable} (column "${v.column}")`;
