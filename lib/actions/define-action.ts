import { revalidatePath } from "next/cache";
import { z } from "zod";
import { actions, type UserFor } from "../auth/access";
import { requireAction, type GuardedAction } from "../auth/guard";
import { userCtx } from "../auth/user-ctx";
import type { Ctx } from "../context";
import { invalid, invalidInput, zodDetails, type AppError } from "../errors";
import { runAction, type ActionResult } from "./action-result";

/** A key of the one role table's actions (lib/auth/access.ts): a name not in it does not compile. */
export type ActionKey = keyof typeof actions;
type RuleOf<K extends ActionKey> = (typeof actions)[K];
type IsOpen<K extends ActionKey> = RuleOf<K>["roles"] extends "anyone" ? true : false;

/**
 * What the handler is given. A signed-in action: the user its rule lets through, the domain
 * context whose audit rows name that user, and the user's business (a string for a rule open
 * to business roles only, null for an operator). An open action (sign-in): no user.
 */
export type ActionScope<K extends ActionKey> =
  IsOpen<K> extends true
    ? { user: null }
    : { user: UserFor<RuleOf<K>>; ctx: Ctx; businessId: UserFor<RuleOf<K>>["businessId"] };

/** Positional arguments: a `z.tuple` names each one; any other schema is the one argument. */
type AnyTuple = z.ZodTuple<readonly z.ZodType[], z.ZodType | null>;
export type ActionArgs<S extends z.ZodType> = S extends AnyTuple ? z.input<S> : [input: z.input<S>];

export type ActionDefinition<K extends ActionKey, S extends z.ZodType> = {
  /** The rule of lib/auth/access.ts; by convention the exported name (the walk test checks). */
  action: K;
  /** Parsed before the handler runs; a malformed input is answered as field errors. */
  input: S;
  /** Pages to refresh after the handler succeeded: fixed, or from the parsed input. */
  revalidate?: readonly string[] | ((input: z.output<S>) => readonly string[]);
  /**
   * Answers a malformed input as the API's 400 message (`<label>: <path>: <problem>`) instead
   * of "Some fields need attention"; the field errors are the same.
   */
  invalidLabel?: string;
};

export type DefinedAction<S extends z.ZodType, T> = ((...args: ActionArgs<S>) => Promise<ActionResult<T>>) & {
  readonly [definedAction]: ActionKey;
};

/** The marker on every function defineAction made (tests read it to tell them apart). */
export const definedAction = Symbol.for("switchboard.definedAction");

/** The action's key when `fn` was made by defineAction, else undefined. */
export function definedActionKey(fn: unknown): ActionKey | undefined {
  return typeof fn === "function"
    ? (fn as Partial<DefinedAction<z.ZodType, unknown>>)[definedAction]
    : undefined;
}

/**
 * The one way to write a dashboard server action, the dashboard's `withBusiness`: in this
 * order, text PostgreSQL cannot store is refused field by field (runAction), the role is
 * checked from the one table (before the input is looked at: a refused caller learns nothing
 * of the shape), the input is parsed with zod (a malformed body is field errors, never a
 * 500), the handler runs with the user's business scope, what it throws becomes an
 * ActionResult through the one error type, and the pages named are revalidated.
 *
 * `export const createTagAction = defineAction({ action: "createTagAction", input, revalidate },
 * async (input, { ctx, businessId }) => ...)` in an actions file (use server at its top).
 */
export function defineAction<K extends ActionKey, S extends z.ZodType, T>(
  definition: ActionDefinition<K, S>,
  handler: (input: z.output<S>, scope: ActionScope<K>) => Promise<T>,
): DefinedAction<S, T> {
  const { action, input: schema, revalidate, invalidLabel } = definition;
  const open = actions[action].roles === "anyone";
  const tuple = schema instanceof z.ZodTuple ? schema : null;
  const run = async (...args: unknown[]): Promise<ActionResult<T>> => {
    // As a function's: extra arguments are ignored (a form action is called with FormData),
    // missing ones are undefined.
    const given = tuple ? tuple.def.items.map((_, i) => args[i]) : args[0];
    const checked: [unknown, ...unknown[]] = args.length > 0 ? [args[0], ...args.slice(1)] : [undefined];
    return runAction(
      async () => {
        const scope = open ? { user: null } : await scopeOf(action);
        const parsed = await schema.safeParseAsync(given);
        if (!parsed.success) throw malformed(parsed.error, tuple !== null, invalidLabel);
        const data = await handler(parsed.data, scope as ActionScope<K>);
        const paths = typeof revalidate === "function" ? revalidate(parsed.data) : (revalidate ?? []);
        for (const path of paths) revalidatePath(path);
        return data;
      },
      ...checked,
    );
  };
  return Object.assign(run, { [definedAction]: action }) as unknown as DefinedAction<S, T>;
}

async function scopeOf(action: ActionKey) {
  // Only keys whose rule needs a signed-in user get here (open ones have no guard).
  const user = await requireAction(action as GuardedAction);
  return { user, ctx: userCtx(user), businessId: user.businessId };
}

/**
 * A malformed input as field errors. Positional arguments drop their index from the path, so
 * a form passed beside an id maps its errors onto its own fields.
 */
function malformed(error: z.ZodError, positional: boolean, label?: string): AppError {
  const issues = positional ? error.issues.map((i) => ({ ...i, path: i.path.slice(1) })) : error.issues;
  // The same message runAction gives a ZodError thrown by a handler.
  return label
    ? invalidInput({ issues }, label)
    : invalid("Some fields need attention", zodDetails({ issues }));
}
