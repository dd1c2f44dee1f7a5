import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businessIdColumn, createdAtColumn, updatedAtColumn } from "./columns";
import { users } from "./users";

/** Teams of a business (spec G6). `branchId` is set when a branch admin creates the team. */
export const teams = pgTable(
  "teams",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    name: text("name").notNull(),
    supervisorId: uuid("supervisor_id")
      .notNull()
      .references(() => users.id),
    description: text("description"),
    branchId: text("branch_id"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex("teams_business_name_unique").on(t.businessId, sql`lower(${t.name})`)],
);

/** Team membership (G7/G8); `supervisorId` and `description` are the ones sent with G7. */
export const teamMembers = pgTable(
  "team_members",
  {
    businessId: businessIdColumn(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    supervisorId: uuid("supervisor_id").references(() => users.id),
    description: text("description"),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index("team_members_business_user_idx").on(t.businessId, t.userId),
  ],
);
