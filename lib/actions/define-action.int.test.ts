import { beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createTestBusiness, uniq, type TestBusiness } from "@/test/factories";
import { createEndpoint } from "../callbacks/create-endpoint";
import { listEndpoints } from "../callbacks/list-endpoints";
import { createEndpointInput, updateEndpointInput } from "../callbacks/schemas";
import { systemCtx } from "../context";
import { createTag, listTags } from "../audiences/tags";
import { createDashboardUser } from "../users/create-dashboard-user";
import { findSessionUser } from "../users/find-session-user";
import type { SessionUser } from "../users/schemas";
import { defineAction, definedActionKey } from "./define-action";

// The wrapper with real users, a real database and the real domain functions; only the
// session cookie (next-auth) and Next's page cache, which exist inside a request only, are
// stood in for: the cache records what was revalidated.

const session = vi.hoisted(() => ({ current: null as { uid: string; sv: number } | null }));
const revalidated = vi.hoisted(() => [] as string[]);
vi.mock("@/auth", () => ({ auth: async () => session.current }));
vi.mock("next/cache", () => ({ revalidatePath: (p: string) => void revalidated.push(p) }));

const as = (user: SessionUser | null) => {
  session.current = user ? { uid: user.id, sv: user.sessionVersion } : null;
  revalidated.length = 0;
};

let a: TestBusiness;
let b: TestBusiness;
const users: Record<string, SessionUser> = {};

async function sessionUser(businessId: string | null, role: SessionUser["role"]): Promise<SessionUser> {
  const ctx = systemCtx("test");
  const u = await createDashboardUser(ctx, {
    businessId,
    role,
    email: `${role.toLowerCase()}-${uniq()}@example.test`,
    password: `pw-${uniq()}-${uniq()}`,
    firstName: "Wrapper",
  });
  return (await findSessionUser(ctx, u.id, 1))!;
}

beforeAll(async () => {
  a = await createTestBusiness();
  b = await createTestBusiness();
  users.adminA = (await findSessionUser(systemCtx("test"), a.admin.id, 1))!;
  users.adminB = (await findSessionUser(systemCtx("test"), b.admin.id, 1))!;
  users.managerA = await sessionUser(a.business.id, "MANAGER");
  users.agentA = await sessionUser(a.business.id, "AGENT");
  users.operator = await sessionUser(null, "OPERATOR");
});

const createEndpointAction = defineAction(
  { action: "createEndpointAction", input: createEndpointInput, revalidate: ["/callbacks"] },
  async (input, { ctx, businessId }) => (await createEndpoint(ctx, businessId, input)).endpoint.id,
);

describe("defineAction", () => {
  it("marks what it made with its key", () => {
    expect(definedActionKey(createEndpointAction)).toBe("createEndpointAction");
    expect(definedActionKey(async () => undefined)).toBeUndefined();
  });

  it("refuses a role the table refuses, before the handler and before looking at the input", async () => {
    let ran = 0;
    const action = defineAction(
      { action: "createTagAction", input: z.object({ name: z.string() }) },
      async () => {
        ran++;
        return null;
      },
    );
    as(users.agentA!);
    // A malformed body from a refused caller gets the refusal, not the body's problems.
    expect(await action({ name: 42 } as never)).toEqual({
      ok: false,
      message: "Your role (AGENT) may not create tags",
      fieldErrors: [],
    });
    as(users.operator!);
    expect(await action({ name: "vip" })).toMatchObject({
      ok: false,
      message: "Your role (OPERATOR) may not create tags",
    });
    as(null);
    expect(await action({ name: "vip" })).toMatchObject({
      ok: false,
      message: "Your session has ended: sign in again",
    });
    // A manager may create endpoints but not see signing secrets: the finer rule holds too.
    as(users.managerA!);
    const reveal = defineAction({ action: "revealSecretAction", input: z.string() }, async () => "secret");
    expect(await reveal("x")).toMatchObject({
      ok: false,
      message: "Your role (MANAGER) may not see signing secrets",
    });
    expect(ran).toBe(0);
    expect(revalidated).toEqual([]);
  });

  it("answers a malformed input as field errors, never a thrown error or a 500", async () => {
    as(users.adminA!);
    const bodies: unknown[] = [undefined, null, "text", 7, [], { url: 5 }, { url: "not a url", events: "x" }];
    for (const body of bodies) {
      const res = await createEndpointAction(body as never);
      expect(res, JSON.stringify(body)).toMatchObject({ ok: false, message: "Some fields need attention" });
      if (!res.ok) expect(res.fieldErrors.length).toBeGreaterThan(0);
    }
    expect(await createEndpointAction({ url: 5 } as never)).toEqual({
      ok: false,
      message: "Some fields need attention",
      fieldErrors: [{ path: "url", message: expect.any(String) }],
    });
    expect(revalidated).toEqual([]);
    expect(await listEndpoints(systemCtx("test"), a.business.id)).toEqual([]);
  });

  it("drops a positional argument's index from the field's path; a label gives the API's message", async () => {
    as(users.adminA!);
    const update = defineAction(
      { action: "updateEndpointAction", input: z.tuple([z.string(), updateEndpointInput]) },
      async () => null,
    );
    const res = await update("id", { url: 5 } as never);
    expect(res).toMatchObject({ ok: false, fieldErrors: [{ path: "url" }] });
    // A missing argument is undefined (as a function's), an extra one is ignored.
    expect(await (update as (...a: unknown[]) => Promise<unknown>)()).toMatchObject({ ok: false });
    expect(
      await (update as (...a: unknown[]) => Promise<unknown>)("id", { enabled: false }, "extra"),
    ).toEqual({
      ok: true,
      data: null,
    });
    const labelled = defineAction(
      {
        action: "addOptOutsAction",
        input: z.object({ phones: z.string().min(1) }),
        invalidLabel: "Check the numbers",
      },
      async () => null,
    );
    expect(await labelled({ phones: "" })).toEqual({
      ok: false,
      message: expect.stringMatching(/^Check the numbers: phones: /),
      fieldErrors: [{ path: "phones", message: expect.any(String) }],
    });
  });

  it("runs the handler with the signed-in user's business and revalidates after success", async () => {
    as(users.adminA!);
    const res = await createEndpointAction({ url: "http://127.0.0.1:9/hook" });
    expect(res.ok).toBe(true);
    expect(revalidated).toEqual(["/callbacks"]);
    as(users.adminB!);
    expect(await createEndpointAction({ url: "http://127.0.0.1:9/other" })).toMatchObject({ ok: true });
    const ofA = await listEndpoints(systemCtx("test"), a.business.id);
    const ofB = await listEndpoints(systemCtx("test"), b.business.id);
    expect(ofA.map((e) => e.url)).toEqual(["http://127.0.0.1:9/hook"]);
    expect(ofB.map((e) => e.url)).toEqual(["http://127.0.0.1:9/other"]);

    // The scope: the user the rule let through, its business, and a ctx whose actor is that user.
    const seen = defineAction(
      {
        action: "createTagAction",
        input: z.object({ name: z.string() }),
        revalidate: (i) => [`/t/${i.name}`],
      },
      async (input, { user, ctx, businessId }) => {
        const tag = await createTag(ctx, businessId, input);
        return { userId: user.id, actor: ctx.actor, businessId, tag: tag.name };
      },
    );
    as(users.managerA!);
    expect(await seen({ name: "vip" })).toEqual({
      ok: true,
      data: {
        userId: users.managerA!.id,
        actor: { type: "user", id: users.managerA!.id, role: "MANAGER", businessId: a.business.id },
        businessId: a.business.id,
        tag: "vip",
      },
    });
    expect(revalidated).toEqual(["/t/vip"]);
    expect((await listTags(systemCtx("test"), b.business.id)).map((t) => t.name)).toEqual([]);
  });

  it("maps what the handler throws through the one error type, and revalidates nothing then", async () => {
    as(users.adminA!);
    const dup = defineAction(
      { action: "createTagAction", input: z.object({ name: z.string() }), revalidate: ["/x"] },
      async (input, { ctx, businessId }) => createTag(ctx, businessId, input),
    );
    expect(await dup({ name: "dup" })).toMatchObject({ ok: true });
    revalidated.length = 0;
    const again = await dup({ name: "dup" });
    expect(again.ok).toBe(false);
    expect(revalidated).toEqual([]);
    const boom = defineAction({ action: "createTagAction", input: z.unknown() }, async () => {
      throw new Error("secret detail");
    });
    expect(await boom(null)).toEqual({
      ok: false,
      message: "Something went wrong. Try again, or contact your operator if it keeps happening.",
      fieldErrors: [],
    });
  });

  it("refuses text PostgreSQL cannot store in any argument, before the role check", async () => {
    as(null);
    const res = await createEndpointAction({ url: "http://127.0.0.1:9/x", description: "a\u0000" });
    expect(res).toMatchObject({ ok: false, fieldErrors: [{ path: "description" }] });
  });

  it("an open action runs signed out, without a user", async () => {
    as(null);
    const open = defineAction(
      { action: "signInAction", input: z.object({ email: z.string() }) },
      async (input, scope) => ({
        email: input.email,
        user: scope.user,
      }),
    );
    expect(await open({ email: "x@example.test" })).toEqual({
      ok: true,
      data: { email: "x@example.test", user: null },
    });
  });
});
