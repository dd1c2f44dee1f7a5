import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { displayPrefix, generateApiKey, hashApiKey } from "@/lib/api-keys/key-material";
import { uuidv7 } from "@/lib/ids";
import { columnsOf, rowAsText, userTables } from "@/test/fill-every-table";
import { freshDatabase } from "@/test/fresh-database";
import { migrationsBefore } from "@/test/migrations-before";
import { killServerProcesses, startServerProcess, waitForOutput } from "@/test/server-process";
import { migrate } from "./migrate";

// An upgrade from the repository's first migration set (foundation, templates, callbacks,
// teams, calls: every migration before `messages`), with a row in every table it had, to the
// head, by starting today's server on it (it migrates on start, as in production): the data
// is all there, in the shape the later migrations gave it, and the server sends with the old key.

/** Tables of the first set a later migration replaced: table -> where its rows went. */
const DROPPED: Record<string, string> = {
  callback_attempts: "each attempt moved into its delivery's attempt_log (checked below)",
};
/**
 * Columns a later migration changed on purpose, or that this test's own requests after the
 * upgrade change: table -> column -> why.
 */
const RESHAPED: Record<string, Record<string, string>> = {
  api_keys: { last_used_at: "the send after the upgrade used the key" },
};

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  killServerProcesses();
  for (const c of cleanups.reverse()) await c();
});

describe("upgrade from the first migration set", () => {
  it("keeps every row of every table and sends with the old data after migrating to the head", async () => {
    const fresh = await freshDatabase();
    cleanups.push(fresh.drop);
    const old = migrationsBefore("_messages");
    cleanups.push(old.remove);
    const pool = new pg.Pool({ connectionString: fresh.url, max: 2 });
    const first = await migrate(pool, old.folder);
    expect(first.total).toBe(5);

    const id = () => uuidv7();
    const [business, user, agent, template, endpoint, delivery, team, call, profile] = Array.from(
      { length: 9 },
      id,
    );
    const key = generateApiKey();
    const q = (text: string, values: unknown[] = []) => pool.query(text, values);
    await q("INSERT INTO businesses (id, name) VALUES ($1, 'Old Co')", [business]);
    await q(
      `INSERT INTO business_channels (business_id, channel, enabled, provider, config)
       VALUES ($1, 'chatapp', true, 'simulator', '{"phoneNumberIds": ["100200300"]}'), ($1, 'rcs', true, 'simulator', '{"agentId": "old_agent"}')`,
      [business],
    );
    await q("INSERT INTO api_keys (id, business_id, name, prefix, hash) VALUES ($1, $2, 'old key', $3, $4)", [
      id(),
      business,
      displayPrefix(key),
      hashApiKey(key),
    ]);
    await q(
      `INSERT INTO users (id, business_id, email, role, first_name, phone_number, calling_enabled)
       VALUES ($1, $2, $3, 'BUSINESS_ADMIN', 'Asha', '+919900000010', true), ($4, $2, $5, 'AGENT', 'Ravi', '+919900000011', true)`,
      [user, business, `admin-${user}@old.test`, agent, `agent-${agent}@old.test`],
    );
    await q(
      `INSERT INTO audit_log (id, business_id, actor_type, actor_id, action, target_type, target_id)
       VALUES ($1, $2::uuid, 'user', $3, 'business.created', 'business', $2::text)`,
      [id(), business, user],
    );
    await q(
      `INSERT INTO templates (id, business_id, channel, name, language, category, status, components)
       VALUES ($1, $2, 'chatapp', 'old_welcome', 'en_US', 'UTILITY', 'APPROVED', $3)`,
      [
        template,
        business,
        JSON.stringify([{ type: "BODY", text: "Hello {{1}}", example: { body_text: [["Asha"]] } }]),
      ],
    );
    await q(
      `INSERT INTO template_status_history (id, business_id, template_id, from_status, to_status, actor_type)
       VALUES ($1, $2, $3, 'PENDING', 'APPROVED', 'system')`,
      [id(), business, template],
    );
    await q("INSERT INTO template_usage (template_id, business_id, sent, delivered) VALUES ($1, $2, 7, 5)", [
      template,
      business,
    ]);
    await q(
      `INSERT INTO media_objects (business_id, sha256, content_type, size) VALUES ($1, $2, 'image/png', 68)`,
      [business, "a".repeat(64)],
    );
    await q(
      `INSERT INTO profiles (id, business_id, phone, country_code, name, city) VALUES ($1, $2, '919900000012', '91', 'Meera', 'Pune')`,
      [profile, business],
    );
    await q(
      `INSERT INTO callback_endpoints (id, business_id, url, events, secret_ciphertext)
       VALUES ($1, $2, 'https://hooks.example.test/old', '{message.status}', 'v1:old-sealed-secret')`,
      [endpoint, business],
    );
    await q(
      `INSERT INTO callback_deliveries (id, business_id, endpoint_id, event_type, payload, status, attempts, last_error, next_attempt_at)
       VALUES ($1, $2, $3, 'message.status', '{"status": "sent"}', 'failed', 1, 'HTTP 500', NULL)`,
      [delivery, business, endpoint],
    );
    await q(
      `INSERT INTO callback_attempts (id, business_id, delivery_id, endpoint_id, attempt_no, url, requested_at, response_status, latency_ms, error)
       VALUES ($1, $2, $3, $4, 1, 'https://hooks.example.test/old', now(), 500, 42, 'HTTP 500')`,
      [id(), business, delivery, endpoint],
    );
    await q("INSERT INTO teams (id, business_id, name, supervisor_id) VALUES ($1, $2, 'Old team', $3)", [
      team,
      business,
      user,
    ]);
    await q("INSERT INTO team_members (business_id, team_id, user_id) VALUES ($1, $2, $3)", [
      business,
      team,
      agent,
    ]);
    await q("INSERT INTO calling_settings (business_id, caller_id) VALUES ($1, '+918000000000')", [business]);
    await q(
      `INSERT INTO calls (id, business_id, user_id, provider, from_number, to_number, caller_id, status, token)
       VALUES ($1, $2, $3, 'simulator', '+919900000011', '+919900000012', '+918000000000', 'completed', 'old-token')`,
      [call, business, agent],
    );
    // Every table of the old schema holds a row; each is read back, column by column, after.
    const tables = await userTables(pool);
    const before = new Map<string, { columns: Map<string, string>; rows: Record<string, string | null>[] }>();
    for (const t of tables) {
      const columns = new Map((await columnsOf(pool, t)).map((c) => [c.name, c.type]));
      before.set(t, { columns, rows: await rowAsText(pool, t, [...columns.keys()]) });
      expect(before.get(t)!.rows.length, t).toBeGreaterThan(0);
    }
    await pool.end();

    // Today's server on the old database: it migrates on start.
    const dataDir = mkdtempSync(path.join(tmpdir(), "sb-upgrade-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = startServerProcess("api", {
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: fresh.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
    });
    const port = Number(
      (await waitForOutput(server, /"port":(\d+),"role":"api","msg":"listening"/, 120_000))[1],
    );
    expect(server.out()).toMatch(/"applied":\d+.*"msg":"database migrated"/);

    const base = `http://127.0.0.1:${port}`;
    const headers = { "x-api-key": key, "content-type": "application/json" };
    expect((await fetch(`${base}/api/v3/whoami`, { headers })).status).toBe(200);
    const sent = await fetch(`${base}/api/v3/message/${business}/template`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        message: {
          messageType: "template",
          name: "old_welcome",
          language: "en_US",
          components: [{ componentType: "body", parameters: [{ type: "text", text: "Asha" }] }],
        },
        to: "919900000001",
        phoneNumberId: "100200300",
      }),
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);

    const after = new pg.Pool({ connectionString: fresh.url, max: 2 });
    try {
      const one = async (text: string, values: unknown[] = []) => (await after.query(text, values)).rows[0];
      expect((await one("SELECT count(*)::int AS n FROM schema_migrations")).n).toBeGreaterThan(first.total);
      expect(await one("SELECT name FROM businesses WHERE id = $1", [business])).toEqual({ name: "Old Co" });
      expect((await one("SELECT count(*)::int AS n FROM users WHERE business_id = $1", [business])).n).toBe(
        2,
      );
      expect(await one("SELECT status, name FROM templates WHERE id = $1", [template])).toEqual({
        status: "APPROVED",
        name: "old_welcome",
      });
      expect(
        await one("SELECT sent, delivered FROM template_usage WHERE template_id = $1", [template]),
      ).toEqual({
        sent: 7,
        delivered: 5,
      });
      expect((await one("SELECT city FROM profiles WHERE id = $1", [profile])).city).toBe("Pune");
      // The callback attempt moved into its delivery's attempt log (migration callback_attempt_log).
      const log = (await one("SELECT attempt_log FROM callback_deliveries WHERE id = $1", [delivery]))
        .attempt_log as Array<{ responseStatus: number; latencyMs: number }>;
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ responseStatus: 500, latencyMs: 42 });
      expect((await one("SELECT count(*)::int AS n FROM team_members WHERE team_id = $1", [team])).n).toBe(1);
      expect((await one("SELECT status FROM calls WHERE id = $1", [call])).status).toBe("completed");
      expect(
        (await one("SELECT count(*)::int AS n FROM audit_log WHERE business_id = $1", [business])).n,
      ).toBeGreaterThan(0);
      expect(
        (await one("SELECT count(*)::int AS n FROM media_objects WHERE business_id = $1", [business])).n,
      ).toBe(1);
      // Every table and column of the first set is still there with its values, but what later
      // migrations reshaped on purpose (each checked above where it went).
      const now = new Set(await userTables(after));
      for (const t of tables) {
        if (t in DROPPED) {
          expect(now.has(t), t).toBe(false);
          continue;
        }
        const was = before.get(t)!;
        const columns = new Map((await columnsOf(after, t)).map((c) => [c.name, c.type]));
        const kept = [...was.columns.keys()].filter((c) => !RESHAPED[t]?.[c]);
        expect(
          kept.filter((c) => columns.get(c) !== was.columns.get(c)),
          `${t}: columns dropped or retyped`,
        ).toEqual([]);
        const pick = (r: Record<string, string | null>) => Object.fromEntries(kept.map((c) => [c, r[c]]));
        const rows = (await rowAsText(after, t, kept)).map(pick);
        for (const row of was.rows.map(pick)) expect(rows, t).toContainEqual(row);
      }
      // The new send is there, for the old template.
      expect(
        (
          await one("SELECT count(*)::int AS n FROM messages WHERE business_id = $1 AND template_id = $2", [
            business,
            template,
          ])
        ).n,
      ).toBe(1);
    } finally {
      await after.end();
    }
  }, 300_000);
});
