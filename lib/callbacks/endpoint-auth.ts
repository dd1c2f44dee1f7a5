import type { EndpointAuth } from "./schemas";
import { decryptSecret, encryptSecret } from "./secret-box";

/** The columns an endpoint's credentials are kept in: sealed, and what may be shown of them. */
export type AuthColumns = {
  authCiphertext: string | null;
  authType: "basic" | "bearer" | null;
  authUsername: string | null;
};

/** `auth` as stored; null clears the credentials. */
export function sealAuth(auth: EndpointAuth | null): AuthColumns {
  if (!auth) return { authCiphertext: null, authType: null, authUsername: null };
  return {
    authCiphertext: encryptSecret(JSON.stringify(auth)),
    authType: auth.type,
    authUsername: auth.type === "basic" ? auth.username : null,
  };
}

/** What an endpoint's view says of its credentials. */
export function authView(row: Pick<AuthColumns, "authType" | "authUsername">) {
  if (row.authType === "basic") return { type: "basic" as const, username: row.authUsername ?? "" };
  if (row.authType === "bearer") return { type: "bearer" as const };
  return null;
}

// Unsealed once per ciphertext (a change of credentials changes it).
const headers = new Map<string, string>();

/** The `Authorization` header value sealed in `ciphertext`. */
export function authorizationHeader(ciphertext: string): string {
  const hit = headers.get(ciphertext);
  if (hit) return hit;
  const auth = JSON.parse(decryptSecret(ciphertext)) as EndpointAuth;
  const value =
    auth.type === "basic"
      ? `Basic ${Buffer.from(`${auth.username}:${auth.password}`, "utf8").toString("base64")}`
      : `Bearer ${auth.token}`;
  if (headers.size > 10_000) headers.clear();
  headers.set(ciphertext, value);
  return value;
}
