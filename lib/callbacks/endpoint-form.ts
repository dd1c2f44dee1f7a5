import { z } from "zod";
import {
  AuthPassword,
  AuthToken,
  AuthUsername,
  createEndpointInput,
  type CreateEndpointInput,
  type EndpointAuth,
} from "./schemas";

/**
 * The dashboard's endpoint form: the API's fields, with the receiver's credentials as flat
 * inputs (a choice of scheme, then its fields) checked by the API's own field schemas.
 * `keep` (editing an endpoint that has credentials) sends none, so the stored ones stay.
 */
export const endpointForm = createEndpointInput
  .omit({ auth: true })
  .extend({
    authMode: z.enum(["keep", "none", "basic", "bearer"]),
    username: z.string(),
    password: z.string(),
    token: z.string(),
  })
  .superRefine((v, ctx) => {
    const check = (schema: z.ZodType, value: string, path: "username" | "password" | "token") => {
      const r = schema.safeParse(value);
      if (!r.success) ctx.addIssue({ code: "custom", path: [path], message: r.error.issues[0]!.message });
    };
    if (v.authMode === "basic") {
      check(AuthUsername, v.username, "username");
      check(AuthPassword, v.password, "password");
    }
    if (v.authMode === "bearer") check(AuthToken, v.token, "token");
  });

/** The form's values as the API's create/update input (`auth` absent when kept). */
export function endpointInputOf(v: z.output<typeof endpointForm>): CreateEndpointInput {
  const { authMode, username, password, token, ...rest } = v;
  const auth: EndpointAuth | null | undefined =
    authMode === "basic"
      ? { type: "basic", username, password }
      : authMode === "bearer"
        ? { type: "bearer", token: token.trim() }
        : authMode === "none"
          ? null
          : undefined;
  return auth === undefined ? rest : { ...rest, auth };
}
