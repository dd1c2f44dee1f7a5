ALTER TABLE "target_list_rows" ADD COLUMN "vals" text[];--> statement-breakpoint
-- The stored rows' values by position: the cells of the list's named columns, in the order of
-- target_lists.columns (keys: their lower-cased names), '' where the row had none.
UPDATE "target_list_rows" r SET "vals" = ARRAY(
  SELECT coalesce(r."fields" ->> lower(c.name), '')
  FROM "target_lists" l, jsonb_array_elements_text(l."columns") WITH ORDINALITY AS c(name, pos)
  WHERE l."id" = r."list_id"
  ORDER BY c.pos
);
