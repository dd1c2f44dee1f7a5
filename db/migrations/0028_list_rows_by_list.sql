-- Each list's rows become a partition of target_list_rows of their own, keyed by row_number
-- (a unique index `<table>_key`, as lib/promotions/lists/list-rows-table.ts builds it),
-- and a row's cells one text value (joined by U+001F) instead of a text[]. An upload then
-- COPYs its rows into a table without an index, builds the key in one sorted pass and attaches
-- the table (lib/promotions/lists/list-rows-table.ts): the b-tree insert per row (and its WAL
-- record) was about half of a million-row COPY, the array's per-element input a third of the
-- rest (bench/RESULTS.md, "E1 intake: each list's rows a table of their own").
CREATE FUNCTION list_rows_table(list uuid) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN 'target_list_rows_' || replace(list::text, '-', '');
--> statement-breakpoint
ALTER TABLE "target_list_rows" RENAME TO "target_list_rows_before_partitions";
--> statement-breakpoint
CREATE TABLE "target_list_rows" (
  "list_id" uuid NOT NULL,
  "business_id" uuid NOT NULL,
  "row_number" integer NOT NULL,
  "phone" text NOT NULL,
  "cells" text NOT NULL
) PARTITION BY LIST ("list_id");
--> statement-breakpoint
-- The stored lists move over one by one; a cell holding U+001F (not refused before) keeps its
-- place with U+FFFD instead.
DO $$
DECLARE
  l uuid;
  part text;
BEGIN
  FOR l IN SELECT DISTINCT list_id FROM target_list_rows_before_partitions LOOP
    part := list_rows_table(l);
    EXECUTE format('CREATE TABLE %I (LIKE target_list_rows, CHECK (list_id = %L))', part, l);
    EXECUTE format(
      'INSERT INTO %I (list_id, business_id, row_number, phone, cells)
       SELECT list_id, business_id, row_number, phone,
              coalesce((SELECT string_agg(replace(v, chr(31), chr(65533)), chr(31) ORDER BY i)
                        FROM unnest(vals) WITH ORDINALITY AS u(v, i)), %L)
       FROM target_list_rows_before_partitions WHERE list_id = %L', part, '', l);
    EXECUTE format('CREATE UNIQUE INDEX %I ON %I (row_number)', part || '_key', part);
    EXECUTE format('ALTER TABLE target_list_rows ATTACH PARTITION %I FOR VALUES IN (%L)', part, l);
  END LOOP;
END $$;
--> statement-breakpoint
DROP TABLE "target_list_rows_before_partitions";
--> statement-breakpoint
-- A deleted list's rows: its partition is emptied at once (TRUNCATE locks that partition only;
-- a DROP would wait for, and block, every reader of target_list_rows), and detached and dropped
-- later by the promotions housekeeping (dropListRowsOfDeletedLists).
CREATE OR REPLACE FUNCTION target_lists_delete_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  part regclass;
BEGIN
  FOR part IN SELECT to_regclass(quote_ident(list_rows_table(o.id))) FROM old_lists o LOOP
    IF part IS NOT NULL THEN
      EXECUTE format('TRUNCATE %s', part);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
