import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAtColumn } from "./columns";

/** Who did what to which record; written in the same transaction as the change. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey(),
    businessId: uuid("business_id"),
    actorType: text("actor_type", { enum: ["user", "api_key", "system"] }).notNull(),
    actorId: text("actor_id"),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    data: jsonb("data").notNull().default({}),
    createdAt: createdAtColumn(),
  },
  (t) => [index("audit_log_business_idx").on(t.businessId, t.createdAt)],
);
