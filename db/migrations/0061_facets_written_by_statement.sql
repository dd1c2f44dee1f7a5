-- A statement that writes its own rows' profile_facets (F1 with tags or attributes:
-- lib/profiles/upload-profiles.ts, in a data-modifying CTE) says so with the transaction-local
-- setting switchboard.facets_written = its statement_timestamp(); the INSERT and UPDATE
-- statement triggers of 0057 then leave that statement alone. Any other statement (a later one
-- of the same transaction has a later statement_timestamp(), the setting being left behind)
-- is written by the triggers as before, so every writer stays covered.
CREATE OR REPLACE FUNCTION profiles_facets_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE b uuid;
BEGIN
  IF current_setting('switchboard.facets_written', true) = statement_timestamp()::text THEN
    RETURN NULL;
  END IF;
  FOR b IN SELECT DISTINCT r.business_id FROM new_profiles r WHERE r.attributes <> '{}' OR cardinality(r.tag_ids) > 0 LOOP
    EXECUTE profile_facets_upsert_sql(b, 'new_profiles r WHERE (r.attributes <> ''{}'' OR cardinality(r.tag_ids) > 0)') USING b;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION profiles_facets_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE b uuid;
BEGIN
  IF current_setting('switchboard.facets_written', true) = statement_timestamp()::text THEN
    RETURN NULL;
  END IF;
  FOR b IN SELECT DISTINCT r.business_id FROM new_profiles r JOIN old_profiles o ON o.id = r.id
           WHERE o.attributes IS DISTINCT FROM r.attributes OR o.tag_ids IS DISTINCT FROM r.tag_ids LOOP
    EXECUTE profile_facets_upsert_sql(b, 'new_profiles r JOIN old_profiles o ON o.id = r.id WHERE (o.attributes IS DISTINCT FROM r.attributes OR o.tag_ids IS DISTINCT FROM r.tag_ids)') USING b;
  END LOOP;
  RETURN NULL;
END $$;
