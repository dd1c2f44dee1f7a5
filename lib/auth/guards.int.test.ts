/// <reference types="vite/client" />
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { inboundMessages, mediaObjects } from "@/db/schema";
import { createTestBusiness, uniq, type TestBusiness } from "@/test/factories";
import { pngBytes } from "@/test/templates";
import { systemCtx } from "../context";
import { db } from "../db/pool";
import { uuidv7 } from "../ids";
import { createDashboardUser } from "../users/create-dashboard-user";
import { findSessionUser } from "../users/find-session-user";
import type { SessionUser } from "../users/schemas";
import { definedActionKey } from "../actions/define-action";
import { actions, decide, layouts, pages, routes, type Rule } from "./access";
import { homePathFor, type Role } from "./roles";

// The guards in place: every real page, layout, server action and route handler under app/,
// called with the session of each user its rule refuses, must refuse before doing anything
// (a redirect for pages, a 401/403-style result for actions and routes). The session cookie
// is the only thing stood in for: the users, their rows and the domain are real.

const session = vi.hoisted(() => ({ current: null as { uid: string; sv: number } | null }));
vi.mock("@/auth", () => ({
  auth: async () => session.current,
  signIn: async () => undefined,
  signOut: async () => undefined,
  handlers: { GET: async () => new Response(null), POST: async () => new Response(null) },
}));
vi.mock("next-auth", () => ({ AuthError: class AuthError extends Error {} }));
// Outside a Next.js request there is no cache to revalidate.
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const pageModules = import.meta.glob<{ default: (props: unknown) => Promise<unknown> }>(
  "../../app/**/page.tsx",
);
const layoutModules = import.meta.glob<{ default: (props: unknown) => Promise<unknown> }>(
  "../../app/**/layout.tsx",
);
const actionModules = import.meta.glob<Record<string, (...args: unknown[]) => Promise<unknown>>>(
  "../../app/**/*actions.ts",
);
const routeModules = import.meta.glob<Record<string, unknown>>("../../app/**/route.ts");

/** "../../app/(dashboard)/messages/[id]/page.tsx" -> "/messages/[id]". */
function routeOf(file: string): string {
  const segs = file
    .replace("../../app/", "")
    .split("/")
    .slice(0, -1)
    .filter((s) => !/^\(.*\)$/.test(s));
  return `/${segs.join("/")}`;
}

type Subject = { name: string; user: SessionUser | null };
let t: TestBusiness;
const subjects: Subject[] = [];
const as = (s: Subject) => {
  session.current = s.user ? { uid: s.user.id, sv: s.user.sessionVersion } : null;
};
const subject = (name: string) => subjects.find((s) => s.name === name)!;

beforeAll(async () => {
  t = await createTestBusiness();
  const ctx = systemCtx("test");
  const make = async (role: Role, mustChangePassword = false) => {
    const u = await createDashboardUser(ctx, {
      businessId: role === "OPERATOR" ? null : t.business.id,
      role,
      email: `${role.toLowerCase()}-${uniq()}@example.test`,
      password: `pw-${uniq()}-${uniq()}`,
      firstName: "Guard",
      phoneNumber: "919900000077",
      mustChangePassword,
    });
    return findSessionUser(ctx, u.id, 1);
  };
  // The branch admin has no branch (createDashboardUser sets none): rendering its pages once
  // found a 500 on /calls and /users for such a user.
  for (const role of ["OPERATOR", "BUSINESS_ADMIN", "MANAGER", "BRANCH_ADMIN", "AGENT"] as const) {
    subjects.push({ name: role, user: await make(role) });
  }
  subjects.push({ name: "AGENT (must change password)", user: await make("AGENT", true) });
  subjects.push({ name: "BUSINESS_ADMIN (must change password)", user: await make("BUSINESS_ADMIN", true) });
  subjects.push({ name: "signed out", user: null });
});

/** Where a refused page or layout must send the subject. */
function expectedRedirect(s: Subject): string {
  if (!s.user) return "/login";
  if (s.user.mustChangePassword) return "/account/password";
  return homePathFor(s.user.role);
}

async function redirectOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (err) {
    const digest = (err as { digest?: unknown }).digest;
    if (typeof digest === "string" && digest.startsWith("NEXT_REDIRECT;")) {
      return digest.split(";").slice(2, -2).join(";");
    }
    throw err;
  }
  return "(rendered)";
}

const props = {
  params: Promise.resolve({
    id: uuidv7(),
    hash: "0".repeat(64),
    file: "swagger-ui.css",
    phone: "919000000000",
  }),
  searchParams: Promise.resolve({}),
  children: null,
};

describe("every page and layout redirects every subject its rule refuses", () => {
  it("pages", async () => {
    const files = Object.keys(pageModules);
    expect(files.length).toBe(Object.keys(pages).length);
    const wrong: string[] = [];
    for (const file of files) {
      const rule: Rule = pages[routeOf(file) as keyof typeof pages];
      const page = (await pageModules[file]!()).default;
      for (const s of subjects) {
        if (decide(rule, s.user).allowed) continue;
        as(s);
        const to = await redirectOf(() => page(props));
        if (to !== expectedRedirect(s)) wrong.push(`${routeOf(file)} for ${s.name}: ${to}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("and lets every subject its rule allows through to the page itself", async () => {
    const wrong: string[] = [];
    for (const file of Object.keys(pageModules)) {
      const rule: Rule = pages[routeOf(file) as keyof typeof pages];
      if (rule.roles === "anyone") continue;
      const page = (await pageModules[file]!()).default;
      for (const s of subjects) {
        if (!decide(rule, s.user).allowed) continue;
        as(s);
        try {
          const to = await redirectOf(() => page(props));
          if (to !== "(rendered)") wrong.push(`${routeOf(file)} for ${s.name}: ${to}`);
        } catch (err) {
          // A random id is a 404 of the page itself, past its guard.
          const digest = String((err as { digest?: unknown }).digest ?? "");
          if (!digest.startsWith("NEXT_HTTP_ERROR_FALLBACK;404"))
            wrong.push(`${routeOf(file)}: ${String(err)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("layouts", async () => {
    const wrong: string[] = [];
    for (const file of Object.keys(layoutModules)) {
      const key = file.replace("../../app/", "").split("/").slice(0, -1).join("/");
      const rule: Rule = layouts[key as keyof typeof layouts];
      const layout = (await layoutModules[file]!()).default;
      for (const s of subjects) {
        if (decide(rule, s.user).allowed) continue;
        as(s);
        const to = await redirectOf(() => layout(props));
        if (to !== expectedRedirect(s)) wrong.push(`layout ${key} for ${s.name}: ${to}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("every server action and route handler refuses every subject its rule refuses", () => {
  it("server actions answer { ok: false } with the reason, before touching their input", async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const file of Object.keys(actionModules)) {
      const mod = await actionModules[file]!();
      for (const [name, fn] of Object.entries(mod)) {
        const rule: Rule = actions[name as keyof typeof actions];
        expect(rule, `${file} ${name}`).toBeDefined();
        // Made by defineAction with its own key (the text check is access-table.int.test.ts's).
        expect(definedActionKey(fn), `${file} ${name}`).toBe(name);
        for (const s of subjects) {
          const d = decide(rule, s.user);
          if (d.allowed) continue;
          as(s);
          // Inputs a real caller would send are irrelevant: the guard answers first.
          const res = (await fn(uuidv7(), { channel: "chatapp", text: "hi" }, "919900000001")) as {
            ok: boolean;
            message?: string;
          };
          checked++;
          if (res.ok || res.message !== d.message)
            wrong.push(`${name} for ${s.name}: ${JSON.stringify(res)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it("route handlers answer 401/403 with the API's error body", async () => {
    const wrong: string[] = [];
    for (const file of Object.keys(routeModules)) {
      const mod = await routeModules[file]!();
      for (const method of ["GET", "POST"] as const) {
        const handler = mod[method] as ((req: Request, ctx: unknown) => Promise<Response>) | undefined;
        if (!handler) continue;
        const rule: Rule = routes[`${method} ${routeOf(file)}` as keyof typeof routes];
        expect(rule, `${method} ${file}`).toBeDefined();
        for (const s of subjects) {
          const d = decide(rule, s.user);
          if (d.allowed) continue;
          as(s);
          const res = await handler(new Request("http://localhost/x", { method }), props);
          const body = (await res.json()) as { error?: Record<string, unknown> };
          const status = s.user ? 403 : 401;
          if (
            res.status !== status ||
            body.error?.message !== d.message ||
            body.error?.code !== (s.user ? "forbidden" : "unauthorized") ||
            !Array.isArray(body.error?.details) ||
            typeof body.error?.requestId !== "string"
          ) {
            wrong.push(`${method} ${routeOf(file)} for ${s.name}: ${res.status} ${JSON.stringify(body)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("what the issue reported, end to end", () => {
  const inboundCount = async () =>
    (
      await db()
        .select({ n: count() })
        .from(inboundMessages)
        .where(eq(inboundMessages.businessId, t.business.id))
    )[0]!.n;

  it("an agent's customer reply (which fires message.received callbacks) is refused and writes nothing", async () => {
    const { customerReplyAction } = await import("@/app/(dashboard)/virtual-phone/actions");
    as(subject("AGENT"));
    const res = await customerReplyAction("919900000123", { channel: "chatapp", text: "Hello" });
    expect(res).toEqual({
      ok: false,
      message: "Your role (AGENT) may not reply as a test recipient",
      fieldErrors: [],
    });
    expect(await inboundCount()).toBe(0);

    as(subject("BRANCH_ADMIN"));
    const allowed = await customerReplyAction("919900000123", { channel: "chatapp", text: "Hello" });
    expect(allowed.ok).toBe(true);
    expect(await inboundCount()).toBe(1);
  });

  it("a user that must change its password cannot upload media; once it has, it can", async () => {
    const { POST } = await import("@/app/(dashboard)/templates/media/route");
    const upload = () => {
      const form = new FormData();
      form.set("file", new File([new Uint8Array(pngBytes())], "banner.png", { type: "image/png" }));
      return POST(new Request("http://localhost/templates/media", { method: "POST", body: form }));
    };
    const media = async () =>
      (
        await db()
          .select({ n: count() })
          .from(mediaObjects)
          .where(and(eq(mediaObjects.businessId, t.business.id)))
      )[0]!.n;
    const before = await media();

    as(subject("BUSINESS_ADMIN (must change password)"));
    const refused = await upload();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /Choose your own password first/,
    );
    as(subject("AGENT"));
    expect((await upload()).status).toBe(403);
    expect(await media()).toBe(before);

    as(subject("MANAGER"));
    const ok = await upload();
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { sha256: string }).sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await media()).toBe(before + 1);
  });

  it("an agent typing /messages lands on its own page, /inbox", async () => {
    const { default: MessagesPage } = await import("@/app/(dashboard)/messages/page");
    as(subject("AGENT"));
    expect(await redirectOf(() => MessagesPage({ searchParams: Promise.resolve({}) }))).toBe("/inbox");
  });

  it("an agent cannot change its own calling number through the edit-user action", async () => {
    const { editUserAction } = await import("@/app/(dashboard)/users/actions");
    const agent = subject("AGENT").user!;
    as(subject("AGENT"));
    const res = await editUserAction({
      userId: agent.id,
      firstName: "Guard",
      phoneNumber: "+919900000999",
      role: "AGENT",
    });
    expect(res.ok).toBe(false);
    const [row] = await findRow(agent.id);
    expect(row!.phoneNumber).toBe("919900000077");
  });
});

async function findRow(id: string) {
  const { users } = await import("@/db/schema");
  return db().select({ phoneNumber: users.phoneNumber }).from(users).where(eq(users.id, id));
}
