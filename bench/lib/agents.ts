import pg from "pg";
import { hashPassword } from "../../lib/users/passwords";
import { uuidv7 } from "../../lib/ids";

export type Agent = { id: string; email: string; cookie: string };

/**
 * Adds `count` enabled, Available AGENT users to the business (one argon2 hash for the shared
 * password: hashing is not what is measured) and signs each in through the server's own
 * next-auth endpoints (csrf token, then the credentials callback), one after the other so the
 * sign-in throttle never counts parallel attempts. Each agent's cookie is a genuine session.
 */
export async function signedInAgents(
  server: { url: string; businessId: string; databaseUrl?: string },
  count: number,
): Promise<Agent[]> {
  if (!server.databaseUrl) throw new Error("agents are written with SQL: set BENCH_DATABASE_URL");
  const password = `bench-${uuidv7()}`;
  const hash = await hashPassword(password);
  const c = new pg.Client({ connectionString: server.databaseUrl });
  await c.connect();
  const users: Array<{ id: string; email: string }> = [];
  try {
    for (let i = 0; i < count; i++) {
      const user = { id: uuidv7(), email: `agent${i + 1}.${Date.now()}@bench.test` };
      await c.query(
        `INSERT INTO users (id, business_id, email, password_hash, role, first_name, status)
         VALUES ($1, $2, $3, $4, 'AGENT', $5, 'Available')`,
        [user.id, server.businessId, user.email, hash, `Agent ${i + 1}`],
      );
      users.push(user);
    }
  } finally {
    await c.end();
  }
  const agents: Agent[] = [];
  for (const u of users) agents.push({ ...u, cookie: await signIn(server.url, u.email, password) });
  return agents;
}

const cookiePairs = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]!);

/** The session cookie (`name=value`) next-auth sets for a successful credentials sign-in. */
async function signIn(url: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${url}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookiePairs(csrf).join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${url}/inbox` }).toString(),
  });
  const session = cookiePairs(res).find((c) => /^(__Secure-)?authjs\.session-token=/.test(c));
  if (!session) throw new Error(`sign-in of ${email} failed: ${res.status} ${res.headers.get("location")}`);
  return session;
}
