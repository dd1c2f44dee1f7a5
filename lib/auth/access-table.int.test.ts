import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { navFor } from "@/components/shell/nav";
import { createTestBusiness, uniq } from "@/test/factories";
import { systemCtx } from "../context";
import { db } from "../db/pool";
import { createDashboardUser } from "../users/create-dashboard-user";
import { findSessionUser } from "../users/find-session-user";
import type { SessionUser } from "../users/schemas";
import { actions, apiOnlyActions, decide, layouts, pages, routes, type Rule } from "./access";
import { homePathFor, type Role } from "./roles";

// Walks the whole access table: (a) every page, layout, route handler and server action under
// app/ has a rule and names its guard with its own key (a text check: that each guard really
// refuses, called with every refused session, is proven by guards.int.test.ts, and refused
// pages' HTTP statuses by e2e/ui/http-status.spec.ts); (b) for every role (and a user that
// must change its password, and a signed-out or disabled one) the decision is the one written
// here by hand, for real users read back from the database as a session reads them.

const ROOT = path.resolve(__dirname, "../..");
const APP = path.join(ROOT, "app");

const SKIP = /^(node_modules|\..+|e2e|test-results|playwright-report|bench)$/;
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (SKIP.test(e.name) ? [] : walk(path.join(dir, e.name))) : [path.join(dir, e.name)],
  );
}
const appFiles = walk(APP);
const read = (f: string) => readFileSync(f, "utf8");
const rel = (f: string) => path.relative(ROOT, f);
/** "app/(dashboard)/messages/[id]/page.tsx" -> "/messages/[id]" (route groups do not count). */
function routeOf(file: string): string {
  const segs = path
    .relative(APP, path.dirname(file))
    .split(path.sep)
    .filter((s) => s && !/^\(.*\)$/.test(s));
  return `/${segs.join("/")}`;
}
const isOpen = (r: Rule) => r.roles === "anyone";

describe("(a) every page, layout, route and action has a rule and names its own guard key (calls: guards.int)", () => {
  it("pages: one rule per page.tsx, and requirePage(<its route>) in the file", () => {
    const files = appFiles.filter((f) => path.basename(f) === "page.tsx");
    const seen = files.map(routeOf);
    expect([...seen].sort()).toEqual(Object.keys(pages).sort());
    for (const f of files) {
      const key = routeOf(f) as keyof typeof pages;
      if (!isOpen(pages[key])) expect(read(f), rel(f)).toContain(`requirePage("${key}")`);
    }
  });

  it("layouts: one rule per layout.tsx, and requireLayout(<its folder>) in the file", () => {
    const files = appFiles.filter((f) => path.basename(f) === "layout.tsx");
    const keyOf = (f: string) => path.relative(APP, path.dirname(f));
    expect(files.map(keyOf).sort()).toEqual(Object.keys(layouts).sort());
    for (const f of files) {
      const key = keyOf(f) as keyof typeof layouts;
      if (!isOpen(layouts[key])) expect(read(f), rel(f)).toContain(`requireLayout("${key}")`);
    }
  });

  it("route handlers: one rule per exported method, and requireRoute(<METHOD route>) in its body", () => {
    const found: string[] = [];
    for (const f of appFiles.filter((x) => path.basename(x) === "route.ts")) {
      const src = read(f);
      const fns = [
        ...src.matchAll(/export\s+(?:async\s+)?function\s+(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/g),
      ];
      const destructured = [...src.matchAll(/export\s+const\s+\{([^}]*)\}/g)].flatMap((m) =>
        m[1]!.split(",").map((s) => s.trim()),
      );
      for (const m of fns) {
        const key = `${m[1]} ${routeOf(f)}` as keyof typeof routes;
        found.push(key);
        const rule: Rule | undefined = routes[key];
        expect(rule, `${rel(f)} ${m[1]} has no rule`).toBeDefined();
        if (rule && !isOpen(rule)) {
          const next = src.indexOf("\nexport ", m.index + 1);
          const body = src.slice(m.index, next === -1 ? undefined : next);
          expect(body, `${rel(f)} ${m[1]}`).toContain(`requireRoute("${key}")`);
        }
      }
      // `export const { GET, POST } = handlers` (next-auth) cannot call a guard: open rules only.
      for (const method of destructured) {
        const key = `${method} ${routeOf(f)}` as keyof typeof routes;
        found.push(key);
        expect(routes[key] as Rule | undefined, `${rel(f)} ${method}`).toBeDefined();
        expect(isOpen(routes[key]), `${rel(f)} ${method} must be open to re-export`).toBe(true);
      }
    }
    expect(found.sort()).toEqual(Object.keys(routes).sort());
  });

  it('server actions: every export of every "use server" file is made by defineAction with its own key', () => {
    const sources = walk(ROOT).filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith(".test.ts"));
    const names: string[] = [];
    for (const f of sources) {
      const src = read(f);
      if (!src.includes("use server")) continue;
      const fileLevel = /^\s*["']use server["']/.test(src);
      // Inline "use server" functions would be actions the table cannot name.
      expect(fileLevel || !/["']use server["']/.test(src), `${rel(f)}: inline "use server"`).toBe(true);
      if (!fileLevel) continue;
      // The runtime side (each export carries defineAction's marker) is guards.int.test.ts's.
      const exports = src.match(/^export .*/gm) ?? [];
      for (const line of exports) {
        const m = /^export const (\w+) = defineAction\($/.exec(line);
        expect(m, `${rel(f)}: "${line}" is not \`export const <name> = defineAction(\``).not.toBeNull();
        if (!m) continue;
        const name = m[1]!;
        names.push(name);
        const rest = src.slice(src.indexOf(line) + line.length);
        expect(rest, `${rel(f)} ${name} names its own key first`).toMatch(
          // Comment lines may come first.
          new RegExp(`^(\\s*//.*)*\\s*\\{\\s*action: "${name}",`),
        );
        expect((actions as Record<string, Rule>)[name], `${rel(f)} ${name} has no rule`).toBeDefined();
      }
    }
    expect(new Set(names).size, "action names must be unique").toBe(names.length);
    expect(names.length, "the scan found the actions").toBeGreaterThan(90);
    // Every key of the table is some action's, or listed as kept for the API alone.
    for (const key of apiOnlyActions)
      expect(names, `${key} is listed as API-only but used`).not.toContain(key);
    expect([...names, ...apiOnlyActions].sort()).toEqual(Object.keys(actions).sort());
  });

  it("nothing under app/ reads the session around the guards, except the open pages", () => {
    const bypass = appFiles
      .filter((f) => /\b(currentUser|auth)\(\)/.test(read(f)))
      .map(rel)
      .sort();
    expect(bypass).toEqual(["app/(auth)/login/page.tsx", "app/page.tsx"]);
    for (const f of bypass)
      expect(isOpen(pages[routeOf(path.join(ROOT, f)) as keyof typeof pages])).toBe(true);
  });
});

// The table as the issue states it, written out by hand. Letters: O operator, A business
// admin, M manager, B branch admin, G agent; "*" anyone (signed out too); "+" also while the
// user must still change a temporary password.
const expected: Record<string, string> = {
  "page /": "*",
  "page /login": "*",
  "page /account/password": "OAMBG+",
  "page /console/businesses": "O",
  "page /console/templates": "O",
  "page /console/system": "O",
  "page /overview": "AMB",
  "page /templates": "AMB",
  "page /templates/[id]": "AMB",
  "page /templates/new/chatapp": "AMB",
  "page /templates/new/rcs": "AMB",
  "page /templates/[id]/edit": "AMB",
  "page /messages": "AMB",
  "page /messages/[id]": "AMB",
  "page /virtual-phone": "AMB",
  "page /campaigns": "AMB",
  "page /campaigns/new": "AMB",

  "page /campaigns/lists": "AMB",
  "page /campaigns/opt-outs": "AMB",

  "page /campaigns/[id]": "AMB",
  "page /profiles": "AMB",
  "page /profiles/[phone]": "AMB",
  "page /profiles/fields": "AMB",
  "page /profiles/segments": "AMB",
  "page /profiles/segments/new": "AMB",
  "page /profiles/segments/[id]": "AMB",
  "page /replies": "AMB",
  "page /users": "AMB",
  "page /calls": "AMBG",
  "page /inbox": "AMBG",
  "page /callbacks": "AM",
  "page /flows": "AM",
  "page /flows/[id]": "AM",
  "page /flows/runs": "AMG",
  "page /api-keys": "A",
  "page /settings": "A",
  "page /inbox/settings": "A",
  "page /api-reference": "OAMB",
  "layout ": "*",
  "layout (auth)": "*",
  "layout (console)": "O",
  "layout (dashboard)": "OAMBG",
  "route GET /api/auth/[...nextauth]": "*",
  "route POST /api/auth/[...nextauth]": "*",
  "route GET /api-reference/assets/[file]": "OAMB",
  "route POST /templates/media": "AMB",
  "route GET /templates/media/[hash]": "OAMB",
  "route GET /media/[businessId]/[hash]": "*",
  "route GET /profiles/export": "AMB",
  "route GET /profiles/[phone]/consent": "AMB",
  "route POST /campaigns/new/upload": "AMB",
  "route GET /campaigns/new/rejects/[listId]": "AMB",

  "route POST /campaigns/lists/upload": "AMB",
  "route GET /campaigns/lists/[id]/rejects": "AMB",
  "route POST /campaigns/opt-outs/import": "AMB",

  "route GET /campaigns/[id]/report": "AMB",
  "route GET /campaigns/[id]/refused": "AMB",
  "route GET /inbox/events": "AMBG",
  "route GET /inbox/unread": "AMBG",
  "route POST /inbox/media": "AMBG",
  "action signInAction": "*",
  "action signOutAction": "*",
  "action changePasswordAction": "OAMBG+",
  "action createBusinessAction": "O",
  "action setChannelAction": "O",
  "action setBusinessEnabledAction": "O",
  "action setCallingSettingsAction": "O",
  "action setSenderRateAction": "O",
  "action updateChannelSettingsAction": "O",
  "action reviewTemplateAction": "O",
  "action createFirstAdminAction": "O",
  "action createApiKeyAction": "A",
  "action revokeApiKeyAction": "A",
  "action saveBusinessSettingsAction": "A",
  "action setMarketingOptInAction": "A",
  "action setAttributionModelAction": "A",
  "action saveRoutingSettingsAction": "A",
  "action saveBusinessHoursAction": "A",
  "action createSavedReplyAction": "A",
  "action updateSavedReplyAction": "A",
  "action deleteSavedReplyAction": "A",
  "action addTestNumberAction": "AMB",
  "action removeTestNumberAction": "A",
  "action createEndpointAction": "AM",
  "action updateEndpointAction": "AM",
  "action deleteEndpointAction": "AM",
  "action sendTestEventAction": "AM",
  "action getDeliveryAction": "AM",
  "action replayDeliveryAction": "AM",
  "action revealSecretAction": "A",
  "action rotateSecretAction": "A",
  "action startCallAction": "AMBG",
  "action replyAction": "AMBG",
  "action conversationStateAction": "AMBG",
  "action templateReplyAction": "AMBG",
  "action assignAction": "AMBG",
  "action addNoteAction": "AMBG",
  "action markReadAction": "AMBG",
  "action saveInboxAlertsAction": "AMBG",
  "action setMyStatusAction": "AMBG",
  "action uploadProfilesAction": "AMB",
  "action updateProfileAction": "AMB",
  "action deleteProfileAction": "AMB",
  "action bulkChangeProfilesAction": "AMB",
  "action changeSubscriberTagsAction": "AMB",
  "action setSubscriberAttributesAction": "AMB",
  "action eraseSubscriberAction": "A",
  "action createTagAction": "AMB",
  "action updateTagAction": "AMB",
  "action deleteTagAction": "AMB",
  "action createAttributeAction": "AMB",
  "action updateAttributeAction": "AMB",
  "action deleteAttributeAction": "AMB",
  "action createSegmentAction": "AMB",
  "action updateSegmentAction": "AMB",
  "action deleteSegmentAction": "AMB",
  "action countDefinitionAction": "AMB",
  "action countSegmentAction": "AMB",
  "action createChatappTemplateAction": "AMB",
  "action createRcsTemplateAction": "AMB",
  "action resubmitTemplateAction": "AMB",
  "action deleteTemplateAction": "AMB",
  "action templateStatusAction": "AMB",
  "action sendTestMessageAction": "AMB",
  "action createUserAction": "AMB",
  "action editUserAction": "AMB",
  "action setUserEnabledAction": "AMB",
  "action setCallingAction": "AMB",
  "action setStatusAction": "AMB",
  "action createTeamAction": "AMB",
  "action addMemberAction": "AMB",
  "action removeMemberAction": "AMB",
  "action recipientActionAction": "AMB",
  "action customerReplyAction": "AMB",
  "action tapButtonAction": "AMB",
  "action phoneSendAction": "AMB",
  "action previewListAction": "AMB",
  "action profilesListAction": "AMB",
  "action previewAudienceAction": "AMB",
  "action launchCampaignAction": "AMB",
  "action launchDryRunAction": "AMB",

  "action deleteListAction": "AMB",
  "action addOptOutsAction": "AMB",
  "action removeOptOutsAction": "AMB",

  "action changeCampaignStatusAction": "AMB",
  "action retryFailedNowAction": "AMB",
  "action campaignProgressAction": "AMB",
  "action createFlowAction": "AM",
  "action renameFlowAction": "AM",
  "action setFlowEnabledAction": "AM",
  "action duplicateFlowAction": "AM",
  "action deleteFlowAction": "AM",
  "action exportFlowAction": "AM",
  "action importFlowAction": "AM",
  "action saveFlowDraftAction": "AM",
  "action publishFlowAction": "AM",
  "action startTestRunAction": "AM",
  "action startFlowRunAction": "AM",
  "action testRunAction": "AM",
  "action testReplyAction": "AM",
  "action flowRunPathAction": "AMG",
};

const letter: Record<Role, string> = {
  OPERATOR: "O",
  BUSINESS_ADMIN: "A",
  MANAGER: "M",
  BRANCH_ADMIN: "B",
  AGENT: "G",
};

const table: Array<[string, Rule]> = [
  ...Object.entries(pages).map(([k, r]) => [`page ${k}`, r] as [string, Rule]),
  ...Object.entries(layouts).map(([k, r]) => [`layout ${k}`, r] as [string, Rule]),
  ...Object.entries(routes).map(([k, r]) => [`route ${k}`, r] as [string, Rule]),
  ...Object.entries(actions).map(([k, r]) => [`action ${k}`, r] as [string, Rule]),
];

type Subject = { name: string; user: SessionUser | null; allowedBy: (spec: string) => boolean };

describe("(b) every entry for every role, with real users", () => {
  const subjects: Subject[] = [];

  beforeAll(async () => {
    const t = await createTestBusiness();
    const ctx = systemCtx("test");
    const make = async (role: Role, mustChangePassword = false) => {
      const u = await createDashboardUser(ctx, {
        businessId: role === "OPERATOR" ? null : t.business.id,
        role,
        email: `${role.toLowerCase()}-${uniq()}@example.test`,
        password: `pw-${uniq()}-${uniq()}`,
        firstName: "Roles",
        mustChangePassword,
      });
      // As currentUser() reads it on every request.
      return findSessionUser(ctx, u.id, 1);
    };
    for (const role of Object.keys(letter) as Role[]) {
      const user = await make(role);
      expect(user?.role).toBe(role);
      subjects.push({ name: role, user, allowedBy: (s) => s === "*" || s.includes(letter[role]) });
    }
    for (const role of ["AGENT", "BUSINESS_ADMIN", "OPERATOR"] as const) {
      const user = await make(role, true);
      expect(user?.mustChangePassword).toBe(true);
      subjects.push({
        name: `${role} (must change password)`,
        user,
        allowedBy: (s) => s === "*" || (s.endsWith("+") && s.includes(letter[role])),
      });
    }
    const disabled = await make("MANAGER");
    await db().update(users).set({ enabled: false }).where(eq(users.id, disabled!.id));
    subjects.push({
      name: "MANAGER (disabled)",
      user: await findSessionUser(ctx, disabled!.id, 1),
      allowedBy: (s) => s === "*",
    });
    subjects.push({ name: "signed out", user: null, allowedBy: (s) => s === "*" });
  });

  it("the table has exactly the entries written out above", () => {
    expect(table.map(([k]) => k).sort()).toEqual(Object.keys(expected).sort());
  });

  it("decides every entry for every subject as written above", () => {
    expect(subjects).toHaveLength(5 + 3 + 2);
    const wrong: string[] = [];
    for (const [key, rule] of table) {
      for (const s of subjects) {
        const want = s.allowedBy(expected[key]!);
        const got = decide(rule, s.user);
        if (got.allowed !== want) wrong.push(`${key} for ${s.name}: ${got.allowed ? "allowed" : "refused"}`);
        if (!got.allowed) {
          // The refusal says why, so a form or an API client can tell the user what to do.
          const why = s.user === null ? "signed_out" : s.user.mustChangePassword ? "password_change" : "role";
          expect(got.reason).toBe(why);
          if (why === "role") expect(got.message).toBe(`Your role (${s.user!.role}) may not ${rule.what}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("an operator row with a business, or a business role without one, is refused", () => {
    const admin = subjects.find((s) => s.name === "BUSINESS_ADMIN")!.user!;
    const operator = subjects.find((s) => s.name === "OPERATOR")!.user!;
    expect(decide(pages["/templates"], { ...admin, businessId: null }).allowed).toBe(false);
    expect(decide(pages["/console/businesses"], { ...operator, businessId: admin.businessId }).allowed).toBe(
      false,
    );
  });

  it("every role's home page is open to it (a refused page redirects there, so no loop)", () => {
    for (const s of subjects.slice(0, 5)) {
      expect(decide(pages[homePathFor(s.user!.role)], s.user).allowed, s.name).toBe(true);
    }
  });

  it("the menu offers exactly the menu pages the role may open", () => {
    const menuPages = new Set(navFor("BUSINESS_ADMIN").flatMap((s) => s.items.map((i) => i.href)));
    for (const o of navFor("OPERATOR")) for (const i of o.items) menuPages.add(i.href);
    for (const s of subjects.slice(0, 5)) {
      const role = s.user!.role;
      const shown = new Set(navFor(role).flatMap((x) => x.items.map((i) => i.href)));
      for (const href of menuPages) {
        const may = decide(pages[href as keyof typeof pages], s.user).allowed;
        expect(shown.has(href), `${role} ${href}`).toBe(may);
      }
    }
    expect(navFor("AGENT")).toEqual([
      { title: "Messaging", items: [{ href: "/inbox", label: "Inbox", icon: "inbox" }] },
      { title: "Automation", items: [{ href: "/flows/runs", label: "Flow runs", icon: "chart" }] },
      { title: "People", items: [{ href: "/calls", label: "My status & calls", icon: "status" }] },
    ]);
  });
});
