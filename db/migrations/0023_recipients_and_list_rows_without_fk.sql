ALTER TABLE "promotion_recipients" DROP CONSTRAINT "promotion_recipients_promotion_id_promotions_id_fk";
--> statement-breakpoint
ALTER TABLE "target_list_rows" DROP CONSTRAINT "target_list_rows_list_id_target_lists_id_fk";
--> statement-breakpoint
-- ON DELETE CASCADE without a per-row key check at insert: a list's rows and a promotion's
-- recipients are written a million at a time, and the foreign key's check (one parent lookup
-- and row lock per inserted row) was half of a list's COPY and a third of a launch's INSERT.
-- These statement-level triggers delete the children of the deleted parents in one statement
-- (also when the parents go by a cascade, e.g. a business's deletion). Writers of the children
-- lock the parent row themselves (FOR KEY SHARE or stronger) once per statement, as the key did
-- per row, so a parent deleted meanwhile waits for them and its trigger then sees their rows.
CREATE FUNCTION target_lists_delete_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM target_list_rows r USING old_lists o WHERE r.list_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER target_lists_delete_rows AFTER DELETE ON target_lists
  REFERENCING OLD TABLE AS old_lists FOR EACH STATEMENT EXECUTE FUNCTION target_lists_delete_rows();
--> statement-breakpoint
CREATE FUNCTION promotions_delete_recipients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM promotion_recipients r USING old_promotions o WHERE r.promotion_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER promotions_delete_recipients AFTER DELETE ON promotions
  REFERENCING OLD TABLE AS old_promotions FOR EACH STATEMENT EXECUTE FUNCTION promotions_delete_recipients();
--> statement-breakpoint
-- TRUNCATE (a cascade from businesses, in tests and scripts) empties the children too.
CREATE FUNCTION target_lists_truncate_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE target_list_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER target_lists_truncate_rows AFTER TRUNCATE ON target_lists
  FOR EACH STATEMENT EXECUTE FUNCTION target_lists_truncate_rows();
--> statement-breakpoint
CREATE FUNCTION promotions_truncate_recipients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE promotion_recipients;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER promotions_truncate_recipients AFTER TRUNCATE ON promotions
  FOR EACH STATEMENT EXECUTE FUNCTION promotions_truncate_recipients();
--> statement-breakpoint
ALTER TABLE "promotion_recipients" ALTER COLUMN "vars" DROP NOT NULL;--> statement-breakpoint
DROP INDEX "promotion_recipients_pending_idx";