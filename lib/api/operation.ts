import type { RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { z, ZodType } from "zod";
import type { ApiApp, ApiEnv } from "./types";

/**
 * Who may call an operation; lib/api/security-harness.int.test.ts runs the credential cases on
 * every "business" and "business-user" operation of the registry (lib/api/operations.ts).
 */
export type OperationAuth =
  /** The business's API key (x-api-key, Bearer or apikey), acting as the key (with-business.ts). */
  | "business"
  /** The API key and the `email` of an enabled user of its business, acting as that user (spec G). */
  | "business-user"
  /** `Authorization: Bearer <OPERATOR_SECRET>` (internal/operator-auth.ts). */
  | "operator"
  /** A provider's webhook, verified by its signature or token in the handler. */
  | "provider"
  /** No credential: a signed link (simulator recordings). */
  | "public";

/**
 * Another path or method an operation answers with the same contract: an older version's
 * path, the second form of a path, GET beside POST. Its summary, when it says which.
 */
export type Alias = { path?: string; method?: RouteConfig["method"]; summary?: string };

/** One operation of the public API: what lib/api/operations.ts lists and app.ts registers. */
export type Operation = {
  /** Its id in the service interface (A1 ... G9); none for the routes beyond it (docs/api.md). */
  spec?: string;
  auth: OperationAuth;
  /** The contracts it is served at, the primary first, then one per alias. */
  routes: readonly RouteConfig[];
  register(app: ApiApp): void;
};

export type OperationDef<R extends RouteConfig> = {
  spec?: string;
  contract: R;
  aliases?: readonly Alias[];
  /** Named schemas the contract refers to by $ref, registered before it. */
  components?: Record<string, ZodType>;
};

/** An operation served by `handler` at its contract and at each alias of it. */
export function defineOperation<R extends RouteConfig>(
  def: OperationDef<R> & { auth: OperationAuth; handler: RouteHandler<R, ApiEnv> },
): Operation {
  const routes = [def.contract, ...(def.aliases ?? []).map((alias) => ({ ...def.contract, ...alias }))];
  return {
    spec: def.spec,
    auth: def.auth,
    routes,
    register(app) {
      for (const [name, schema] of Object.entries(def.components ?? {})) {
        app.openAPIRegistry.register(name, schema);
      }
      // The handler is typed against the primary contract; an alias changes only path, method
      // or summary, never the parameters the handler reads.
      for (const route of routes) app.openapi(route, def.handler as never);
    },
  };
}

type JsonOf<T> = T extends { content: { "application/json": { schema: infer S extends ZodType } } }
  ? z.output<S>
  : never;

/** The JSON a contract answers with `status` (200 unless said): an operation's response type. */
export type ResponseOf<R extends RouteConfig, S extends keyof R["responses"] = 200> = JsonOf<
  R["responses"][S]
>;
