import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";

/** An agent routing may give conversations to, with its load as routing counts it. */
export type AgentLoad = {
  id: string;
  /** Open (or pending) conversations held. */
  open: number;
  /** Last assignment, microseconds since the epoch (PostgreSQL's precision); null: never. */
  lastAssignedUs: number | null;
};

/**
 * The agents of a business that routing may pick and their loads, read once for a batch of
 * routing decisions and kept in memory as it assigns (`AgentPools.pick`), so a batch of N
 * conversations costs one read per pool instead of N. Call it holding the routing lock
 * (routing-lock.ts): nobody else changes the loads until commit, so the loads kept here are the
 * ones the rows would give.
 */
export class AgentPools {
  private readonly agents = new Map<string, AgentLoad>();
  private readonly pools = new Map<string, AgentLoad[]>();

  private constructor(
    private readonly openLimit: number,
    /** This transaction's now(), what the agent_loads trigger stamps an assignment with. */
    private readonly nowUs: number,
  ) {}

  /**
   * Reads each pool once, before any assignment. `requests` holds, for each conversation
   * to route in order, the team handling its sender (null: every agent, role AGENT, of the
   * business) and the agent it prefers. An agent in two pools is one load, shared by both.
   *
   * A pool routing B conversations reads its preferred agents and its first B agents by load
   * only: B picks never reach past them. (An agent further down is picked only when everyone
   * ahead of it has a greater load than at the start, i.e. has been picked already: B picks
   * before it.) So a lone message reads one row, as a LIMIT 1 would.
   */
  static async load(
    tx: Ctx,
    input: {
      businessId: string;
      openLimit: number;
      requests: Array<{ teamId: string | null; preferUserId: string | null }>;
    },
  ): Promise<AgentPools> {
    const wants = new Map<string, number>();
    for (const r of input.requests) wants.set(r.teamId ?? "", (wants.get(r.teamId ?? "") ?? 0) + 1);
    const poolKeys = [...wants.keys()];
    // Every preferred agent sorts first in every pool (one may be in several), ahead of the
    // pool's first B.
    const preferred = [...new Set(input.requests.flatMap((r) => r.preferUserId ?? []))];
    // One read per pool (a business's senders are mostly handled by one pool), all before any
    // assignment. agent_loads holds each agent's open count and last assignment (a trigger on
    // conversations keeps it): one row per agent, however many conversations they hold.
    const rows: Array<AgentRow & { pool: string }> = [];
    for (const pool of poolKeys) {
      const found = await rawQuery<AgentRow>(
        tx.db,
        `SELECT u.id, coalesce(l.open, 0) AS open,
           floor(extract(epoch FROM l.last_assigned_at) * 1000000)::bigint AS last_us,
           floor(extract(epoch FROM now()) * 1000000)::bigint AS now_us
         FROM users u
         LEFT JOIN agent_loads l ON l.user_id = u.id
         WHERE u.business_id = $1 AND u.enabled AND u.status = 'Available' AND coalesce(l.open, 0) < $3
           AND (($2::uuid IS NULL AND u.role = 'AGENT')
             OR u.id IN (SELECT m.user_id FROM team_members m WHERE m.business_id = $1 AND m.team_id = $2))
         ORDER BY u.id = ANY($4::uuid[]) DESC, coalesce(l.open, 0), l.last_assigned_at NULLS FIRST, u.id
         LIMIT $5`,
        [input.businessId, pool || null, input.openLimit, preferred, wants.get(pool)! + preferred.length],
      );
      rows.push(...found.map((r) => ({ ...r, pool })));
    }
    // now() only stamps assignments, and with no row there is nobody to assign.
    const pools = new AgentPools(input.openLimit, Number(rows[0]?.now_us ?? 0));
    for (const r of rows) {
      let agent = pools.agents.get(r.id);
      if (!agent) {
        agent = { id: r.id, open: r.open, lastAssignedUs: r.last_us === null ? null : Number(r.last_us) };
        pools.agents.set(r.id, agent);
      }
      const pool = pools.pools.get(r.pool) ?? [];
      pool.push(agent);
      pools.pools.set(r.pool, pool);
    }
    return pools;
  }

  /**
   * The agent a conversation of the team's pool goes to, counted as assigned: Available (never
   * Busy, InCall, Away or Disabled), enabled, under the open limit; the preferred agent (a
   * returning customer's last) if it qualifies, otherwise the one with the fewest open
   * conversations, ties to the one whose last assignment is oldest (never assigned first),
   * then the lowest id. Null: nobody in the pool can take it.
   */
  pick(teamId: string | null, preferUserId: string | null = null): string | null {
    const candidates = (this.pools.get(teamId ?? "") ?? []).filter((a) => a.open < this.openLimit);
    const chosen = candidates.find((a) => a.id === preferUserId) ?? candidates.sort(byLoad)[0];
    if (!chosen) return null;
    chosen.open += 1;
    chosen.lastAssignedUs = this.nowUs;
    return chosen.id;
  }
}

type AgentRow = { id: string; open: number; last_us: string | null; now_us: string };

function byLoad(a: AgentLoad, b: AgentLoad): number {
  if (a.open !== b.open) return a.open - b.open;
  if (a.lastAssignedUs !== b.lastAssignedUs) {
    if (a.lastAssignedUs === null) return -1;
    if (b.lastAssignedUs === null) return 1;
    return a.lastAssignedUs - b.lastAssignedUs;
  }
  // Lower-case canonical uuids compare as PostgreSQL orders uuid values.
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
