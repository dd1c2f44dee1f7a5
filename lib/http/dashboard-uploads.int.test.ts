import { beforeAll, describe, expect, it, vi } from "vitest";
import { createTestBusiness, uniq } from "@/test/factories";
import { pngBytes } from "@/test/templates";
import { systemCtx } from "../context";
import { createDashboardUser } from "../users/create-dashboard-user";
import { findSessionUser } from "../users/find-session-user";

// The dashboard's file uploads (a route handler each, not a server
// action) with bodies that are not multipart answered 500 from Request.formData(); without a
// Content-Length one read 41 MB before its 413. The real route handlers, with a real user; the
// session cookie is the only thing stood in for.

const session = vi.hoisted(() => ({ current: null as { uid: string; sv: number } | null }));
vi.mock("@/auth", () => ({
  auth: async () => session.current,
  signIn: async () => undefined,
  signOut: async () => undefined,
  handlers: { GET: async () => new Response(null), POST: async () => new Response(null) },
}));
vi.mock("next-auth", () => ({ AuthError: class AuthError extends Error {} }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

type Post = (req: Request) => Promise<Response>;
const routes: Record<string, () => Promise<{ POST: Post }>> = {
  "/inbox/media": () => import("@/app/(dashboard)/inbox/media/route"),
  "/templates/media": () => import("@/app/(dashboard)/templates/media/route"),
};

beforeAll(async () => {
  const t = await createTestBusiness();
  const ctx = systemCtx("test");
  const u = await createDashboardUser(ctx, {
    businessId: t.business.id,
    role: "BUSINESS_ADMIN",
    email: `uploads-${uniq()}@example.test`,
    password: `pw-${uniq()}-${uniq()}`,
    firstName: "Uploads",
    phoneNumber: "919900000078",
  });
  const user = await findSessionUser(ctx, u.id, 1);
  session.current = { uid: user!.id, sv: user!.sessionVersion };
});

async function errorOf(res: Response) {
  const text = await res.text();
  let json: { error?: { code?: unknown; message?: unknown; details?: unknown; requestId?: unknown } };
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    return { status: res.status, shape: `not JSON: ${text.slice(0, 80)}` };
  }
  const e = json.error;
  const ok =
    typeof e?.code === "string" &&
    typeof e.message === "string" &&
    e.message.length > 0 &&
    Array.isArray(e.details) &&
    typeof e.requestId === "string";
  return { status: res.status, shape: ok ? "ok" : `bad shape: ${text.slice(0, 80)}`, message: e?.message };
}

/** The route's answer, a thrown error (Next.js answers it 500) as status 500. */
async function call(path: string, init: RequestInit) {
  const { POST } = await routes[path]!();
  try {
    return await errorOf(await POST(new Request(`http://localhost${path}`, { method: "POST", ...init })));
  } catch (err) {
    return { status: 500, shape: `threw ${String(err)}` };
  }
}

const form = () => {
  const f = new FormData();
  f.set("file", new File([new Uint8Array(pngBytes())], "a.png", { type: "image/png" }));
  return f;
};
async function multipartBytes() {
  const req = new Request("http://x", { method: "POST", body: form() });
  return { type: req.headers.get("content-type")!, bytes: new Uint8Array(await req.arrayBuffer()) };
}

describe("dashboard uploads: a body that is not a well-formed multipart form is a 4xx", () => {
  const bodies: Record<string, () => Promise<{ type?: string; body: BodyInit; status: number }>> = {
    JSON: async () => ({ type: "application/json", body: '{"file":"x"}', status: 415 }),
    text: async () => ({ type: "text/plain", body: "hello", status: 415 }),
    "no content type": async () => ({ body: new Uint8Array([1, 2, 3]), status: 415 }),
    "multipart without a boundary": async () => ({
      type: "multipart/form-data",
      body: (await multipartBytes()).bytes,
      status: 400,
    }),
    "multipart, wrong boundary": async () => ({
      type: "multipart/form-data; boundary=not-the-one",
      body: (await multipartBytes()).bytes,
      status: 400,
    }),
    "multipart, truncated": async () => {
      const { type, bytes } = await multipartBytes();
      return { type, body: bytes.subarray(0, bytes.length - 30), status: 400 };
    },
    "multipart, JSON inside": async () => ({
      type: "multipart/form-data; boundary=x",
      body: '{"file":"x"}',
      status: 400,
    }),
    "multipart, empty": async () => ({ type: "multipart/form-data; boundary=x", body: "", status: 400 }),
  };
  for (const path of Object.keys(routes)) {
    for (const [name, make] of Object.entries(bodies)) {
      it(`${path}, ${name}`, async () => {
        const { type, body, status } = await make();
        const headers: Record<string, string> = type ? { "content-type": type } : {};
        expect(await call(path, { headers, body })).toMatchObject({ status, shape: "ok" });
      });
    }

    it(`${path}: a well-formed upload still works`, async () => {
      const res = await call(path, { body: form() });
      expect(res.status).toBe(200);
    });
  }
});

describe("dashboard uploads: a body without Content-Length stops at the limit", () => {
  /** 41 MiB of a multipart file part, produced as it is read, counting what was pulled. */
  function endless() {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024);
    const head = new TextEncoder().encode(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-',
    );
    let sentHead = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sentHead) {
          sentHead = true;
          pulled += head.length;
          controller.enqueue(head);
        } else if (pulled < 41 * 1024 * 1024) {
          pulled += chunk.length;
          controller.enqueue(chunk);
        } else {
          // A well-formed form in the end: only the limit refuses it.
          controller.enqueue(new TextEncoder().encode("\r\n--b--\r\n"));
          controller.close();
        }
      },
    });
    return { body, pulled: () => pulled };
  }

  for (const [path, limit] of [
    ["/inbox/media", 16 * 1024 * 1024],
    ["/templates/media", 16 * 1024 * 1024],
  ] as const) {
    it(`${path}: 413 after reading at most the limit (plus a chunk)`, async () => {
      const source = endless();
      const res = await call(path, {
        headers: { "content-type": "multipart/form-data; boundary=b" },
        body: source.body,
        duplex: "half",
      } as RequestInit);
      expect(res).toMatchObject({ status: 413, shape: "ok" });
      expect(source.pulled()).toBeLessThan(limit + 256 * 1024);
    });

    it(`${path}: a declared Content-Length over the limit is refused before reading`, async () => {
      const source = endless();
      const res = await call(path, {
        headers: {
          "content-type": "multipart/form-data; boundary=b",
          "content-length": String(41 * 1024 * 1024),
        },
        body: source.body,
        duplex: "half",
      } as RequestInit);
      expect(res).toMatchObject({ status: 413, shape: "ok" });
      expect(source.pulled()).toBeLessThan(256 * 1024);
    });
  }
});
