import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "../users/schemas";
import { pages, roleMay, type PageKey } from "./access";
import { matchPage, pageGate, pageNeedsUser } from "./page-gate";
import { homePathFor, type Role } from "./roles";

// The proxy's half of the role table (proxy.ts): every page by its URL, for every role.

const ID = "01900000-0000-7000-8000-000000000000";
const urlOf = (key: string) => key.replace(/\[[^\]]+\]/g, ID);
const ROLES: Role[] = ["OPERATOR", "BUSINESS_ADMIN", "MANAGER", "BRANCH_ADMIN", "AGENT"];
const userOf = (role: Role, mustChangePassword = false): SessionUser => ({
  id: "u",
  email: "u@example.test",
  role,
  businessId: role === "OPERATOR" ? null : "b",
  firstName: "U",
  sessionVersion: 1,
  mustChangePassword,
});
const keys = Object.keys(pages) as PageKey[];

describe("page gate", () => {
  it.each(keys)("finds %s by its URL", (key) => {
    expect(matchPage(urlOf(key))).toBe(key);
    expect(matchPage(`${urlOf(key)}/`.replace("//", "/"))).toBe(key);
  });

  it.each([
    "/templates/media",
    `/templates/media/${"a".repeat(64)}`,
    "/profiles/export",
    "/campaigns/new/upload",
    `/campaigns/new/rejects/${ID}`,
    `/campaigns/${ID}/report`,
    "/api-reference/assets/app.js",
    "/api/auth/session",
    "/no-such-page",
    `/messages/${ID}/more`,
  ])("leaves %s to Next (a route handler or no page)", (p) => {
    expect(matchPage(p)).toBeNull();
    expect(pageGate(p, null)).toBeNull();
  });

  it("walks every page for every role: allowed, or a redirect to the role's home page", () => {
    for (const role of ROLES)
      for (const key of keys) {
        const expected = roleMay(role, pages[key]) ? null : homePathFor(role);
        expect(pageGate(urlOf(key), userOf(role)), `${role} ${key}`).toBe(expected);
      }
  });

  it("sends a signed-out visitor to sign in, and a temporary password to its change", () => {
    for (const key of keys) {
      const open = pages[key].roles === "anyone";
      expect(pageNeedsUser(urlOf(key)), key).toBe(!open);
      expect(pageGate(urlOf(key), null), key).toBe(open ? null : "/login");
      const changing = open || key === "/account/password" ? null : "/account/password";
      for (const role of ROLES)
        expect(pageGate(urlOf(key), userOf(role, true)), `${role} ${key}`).toBe(changing);
    }
  });

  it("no loading.tsx above a page: a loading boundary streams a 200 before the page can say 307 or 404", () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
      );
    const app = path.resolve(__dirname, "../../app");
    expect(walk(app).filter((f) => /^loading\.(tsx|ts|jsx|js)$/.test(path.basename(f)))).toEqual([]);
  });
});
