-- The typed copy of each profile's tags and attribute values that segments read
-- (db/schema/profile-facets.ts, docs/audiences.md "Storage and indexes"). Text columns are
-- COLLATE "C": dates stored yyyy-mm-dd then compare in date order, and compare fast.
CREATE TABLE "profile_facets" (
	"business_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"n1" numeric,
	"s1" text COLLATE "C",
	"n2" numeric,
	"s2" text COLLATE "C",
	"n3" numeric,
	"s3" text COLLATE "C",
	"n4" numeric,
	"s4" text COLLATE "C",
	"n5" numeric,
	"s5" text COLLATE "C",
	"n6" numeric,
	"s6" text COLLATE "C",
	"n7" numeric,
	"s7" text COLLATE "C",
	"n8" numeric,
	"s8" text COLLATE "C",
	"n9" numeric,
	"s9" text COLLATE "C",
	"n10" numeric,
	"s10" text COLLATE "C",
	"n11" numeric,
	"s11" text COLLATE "C",
	"n12" numeric,
	"s12" text COLLATE "C",
	"n13" numeric,
	"s13" text COLLATE "C",
	"n14" numeric,
	"s14" text COLLATE "C",
	"n15" numeric,
	"s15" text COLLATE "C",
	"n16" numeric,
	"s16" text COLLATE "C",
	"n17" numeric,
	"s17" text COLLATE "C",
	"n18" numeric,
	"s18" text COLLATE "C",
	"n19" numeric,
	"s19" text COLLATE "C",
	"n20" numeric,
	"s20" text COLLATE "C",
	"n21" numeric,
	"s21" text COLLATE "C",
	"n22" numeric,
	"s22" text COLLATE "C",
	"n23" numeric,
	"s23" text COLLATE "C",
	"n24" numeric,
	"s24" text COLLATE "C",
	"n25" numeric,
	"s25" text COLLATE "C",
	"n26" numeric,
	"s26" text COLLATE "C",
	"n27" numeric,
	"s27" text COLLATE "C",
	"n28" numeric,
	"s28" text COLLATE "C",
	"n29" numeric,
	"s29" text COLLATE "C",
	"n30" numeric,
	"s30" text COLLATE "C",
	"n31" numeric,
	"s31" text COLLATE "C",
	"n32" numeric,
	"s32" text COLLATE "C",
	"n33" numeric,
	"s33" text COLLATE "C",
	"n34" numeric,
	"s34" text COLLATE "C",
	"n35" numeric,
	"s35" text COLLATE "C",
	"n36" numeric,
	"s36" text COLLATE "C",
	"n37" numeric,
	"s37" text COLLATE "C",
	"n38" numeric,
	"s38" text COLLATE "C",
	"n39" numeric,
	"s39" text COLLATE "C",
	"n40" numeric,
	"s40" text COLLATE "C",
	"n41" numeric,
	"s41" text COLLATE "C",
	"n42" numeric,
	"s42" text COLLATE "C",
	"n43" numeric,
	"s43" text COLLATE "C",
	"n44" numeric,
	"s44" text COLLATE "C",
	"n45" numeric,
	"s45" text COLLATE "C",
	"n46" numeric,
	"s46" text COLLATE "C",
	"n47" numeric,
	"s47" text COLLATE "C",
	"n48" numeric,
	"s48" text COLLATE "C",
	"n49" numeric,
	"s49" text COLLATE "C",
	"n50" numeric,
	"s50" text COLLATE "C",
	"n51" numeric,
	"s51" text COLLATE "C",
	"n52" numeric,
	"s52" text COLLATE "C",
	"n53" numeric,
	"s53" text COLLATE "C",
	"n54" numeric,
	"s54" text COLLATE "C",
	"n55" numeric,
	"s55" text COLLATE "C",
	"n56" numeric,
	"s56" text COLLATE "C",
	"n57" numeric,
	"s57" text COLLATE "C",
	"n58" numeric,
	"s58" text COLLATE "C",
	"n59" numeric,
	"s59" text COLLATE "C",
	"n60" numeric,
	"s60" text COLLATE "C",
	"n61" numeric,
	"s61" text COLLATE "C",
	"n62" numeric,
	"s62" text COLLATE "C",
	"n63" numeric,
	"s63" text COLLATE "C",
	"n64" numeric,
	"s64" text COLLATE "C",
	"n65" numeric,
	"s65" text COLLATE "C",
	"n66" numeric,
	"s66" text COLLATE "C",
	"n67" numeric,
	"s67" text COLLATE "C",
	"n68" numeric,
	"s68" text COLLATE "C",
	"n69" numeric,
	"s69" text COLLATE "C",
	"n70" numeric,
	"s70" text COLLATE "C",
	"n71" numeric,
	"s71" text COLLATE "C",
	"n72" numeric,
	"s72" text COLLATE "C",
	"n73" numeric,
	"s73" text COLLATE "C",
	"n74" numeric,
	"s74" text COLLATE "C",
	"n75" numeric,
	"s75" text COLLATE "C",
	"n76" numeric,
	"s76" text COLLATE "C",
	"n77" numeric,
	"s77" text COLLATE "C",
	"n78" numeric,
	"s78" text COLLATE "C",
	"n79" numeric,
	"s79" text COLLATE "C",
	"n80" numeric,
	"s80" text COLLATE "C",
	"n81" numeric,
	"s81" text COLLATE "C",
	"n82" numeric,
	"s82" text COLLATE "C",
	"n83" numeric,
	"s83" text COLLATE "C",
	"n84" numeric,
	"s84" text COLLATE "C",
	"n85" numeric,
	"s85" text COLLATE "C",
	"n86" numeric,
	"s86" text COLLATE "C",
	"n87" numeric,
	"s87" text COLLATE "C",
	"n88" numeric,
	"s88" text COLLATE "C",
	"n89" numeric,
	"s89" text COLLATE "C",
	"n90" numeric,
	"s90" text COLLATE "C",
	"n91" numeric,
	"s91" text COLLATE "C",
	"n92" numeric,
	"s92" text COLLATE "C",
	"n93" numeric,
	"s93" text COLLATE "C",
	"n94" numeric,
	"s94" text COLLATE "C",
	"n95" numeric,
	"s95" text COLLATE "C",
	"n96" numeric,
	"s96" text COLLATE "C",
	"n97" numeric,
	"s97" text COLLATE "C",
	"n98" numeric,
	"s98" text COLLATE "C",
	"n99" numeric,
	"s99" text COLLATE "C",
	"n100" numeric,
	"s100" text COLLATE "C",
	CONSTRAINT "profile_facets_business_id_profile_id_pk" PRIMARY KEY("business_id","profile_id")
);
--> statement-breakpoint
ALTER TABLE "attribute_definitions" ADD COLUMN "slot" smallint;--> statement-breakpoint
UPDATE "attribute_definitions" d SET "slot" = s.n
  FROM (SELECT id, row_number() OVER (PARTITION BY business_id ORDER BY created_at, id) AS n FROM attribute_definitions) s
  WHERE d.id = s.id;--> statement-breakpoint
ALTER TABLE "attribute_definitions" ALTER COLUMN "slot" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "attribute_definitions" ADD CONSTRAINT "attribute_definitions_slot_range" CHECK ("slot" BETWEEN 1 AND 100);--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_definitions_business_slot_unique" ON "attribute_definitions" USING btree ("business_id","slot");--> statement-breakpoint
-- A new definition takes the lowest slot free in its business (writers hold the business's
-- attributes lock, lib/audiences/attribute-definitions.ts, so two never pick the same one).
CREATE FUNCTION attribute_definitions_assign_slot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.slot IS NULL THEN
    NEW.slot := (SELECT min(s) FROM generate_series(1, 100) s
                 WHERE NOT EXISTS (SELECT 1 FROM attribute_definitions d WHERE d.business_id = NEW.business_id AND d.slot = s));
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER attribute_definitions_assign_slot BEFORE INSERT ON attribute_definitions
  FOR EACH ROW EXECUTE FUNCTION attribute_definitions_assign_slot();--> statement-breakpoint
-- A deleted definition's slot is emptied on every profile of its business, so the next
-- definition to take the slot starts with no values (its profiles' values go in the same
-- transaction: lib/audiences/attribute-definitions.ts).
CREATE FUNCTION attribute_definitions_clear_slot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('UPDATE profile_facets SET n%1$s = NULL, s%1$s = NULL WHERE business_id = $1 AND (n%1$s IS NOT NULL OR s%1$s IS NOT NULL)', OLD.slot)
    USING OLD.business_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER attribute_definitions_clear_slot AFTER DELETE ON attribute_definitions
  FOR EACH ROW EXECUTE FUNCTION attribute_definitions_clear_slot();--> statement-breakpoint
-- The statement that writes the facets rows of business b's profiles `r` read from `source`
-- (a FROM list and WHERE condition): tag_ids and, for each of b's definitions, its slot's
-- column from the value under its key, as the segment compiler reads it
-- (lib/audiences/segments/compile-segment.ts): number as numeric, boolean as 1/0, text
-- lower-cased, date when it has the form yyyy-mm-dd, choice as it is. Only defined keys are
-- read, each by its own type: an attribute's type cannot change while a profile holds a value.
CREATE FUNCTION profile_facets_upsert_sql(b uuid, source text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT format(
    'INSERT INTO profile_facets (business_id, profile_id, tag_ids%s) SELECT r.business_id, r.id, r.tag_ids%s FROM %s AND r.business_id = $1 '
      'ON CONFLICT (business_id, profile_id) DO UPDATE SET tag_ids = excluded.tag_ids%s',
    coalesce(string_agg(', ' || c, '' ORDER BY slot), ''),
    coalesce(string_agg(', ' || e, '' ORDER BY slot), ''),
    source,
    coalesce(string_agg(', ' || c || ' = excluded.' || c, '' ORDER BY slot), ''))
  FROM (
    SELECT slot, CASE WHEN type IN ('number', 'boolean') THEN 'n' ELSE 's' END || slot AS c,
           CASE type
             WHEN 'number' THEN format('CASE WHEN jsonb_typeof(r.attributes -> %1$L) = ''number'' THEN (r.attributes ->> %1$L)::numeric END', key)
             WHEN 'boolean' THEN format('CASE jsonb_typeof(r.attributes -> %1$L) WHEN ''boolean'' THEN CASE WHEN r.attributes -> %1$L = ''true''::jsonb THEN 1 ELSE 0 END END', key)
             WHEN 'text' THEN format('lower(r.attributes ->> %L)', key)
             WHEN 'date' THEN format('CASE WHEN (r.attributes ->> %1$L) ~ ''^\d{4}-\d{2}-\d{2}$'' THEN r.attributes ->> %1$L END', key)
             ELSE format('(r.attributes ->> %L)', key)
           END AS e
    FROM attribute_definitions WHERE business_id = b
  ) d
$$;--> statement-breakpoint
-- Statement triggers: every statement that writes profiles (F1, bulk changes, the CSV import,
-- the profile page, the API, flows, erasure, tag and attribute deletes, the legacy move) writes
-- the facets of the rows it changed, in one set-based statement per business, in the same
-- statement. Rows whose tags and attributes did not change cost a scan of the transition table.
CREATE FUNCTION profiles_facets_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE b uuid;
BEGIN
  FOR b IN SELECT DISTINCT r.business_id FROM new_profiles r WHERE r.attributes <> '{}' OR cardinality(r.tag_ids) > 0 LOOP
    EXECUTE profile_facets_upsert_sql(b, 'new_profiles r WHERE (r.attributes <> ''{}'' OR cardinality(r.tag_ids) > 0)') USING b;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_facets_insert AFTER INSERT ON profiles
  REFERENCING NEW TABLE AS new_profiles FOR EACH STATEMENT EXECUTE FUNCTION profiles_facets_insert();--> statement-breakpoint
CREATE FUNCTION profiles_facets_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE b uuid;
BEGIN
  FOR b IN SELECT DISTINCT r.business_id FROM new_profiles r JOIN old_profiles o ON o.id = r.id
           WHERE o.attributes IS DISTINCT FROM r.attributes OR o.tag_ids IS DISTINCT FROM r.tag_ids LOOP
    EXECUTE profile_facets_upsert_sql(b, 'new_profiles r JOIN old_profiles o ON o.id = r.id WHERE (o.attributes IS DISTINCT FROM r.attributes OR o.tag_ids IS DISTINCT FROM r.tag_ids)') USING b;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_facets_update AFTER UPDATE ON profiles
  REFERENCING OLD TABLE AS old_profiles NEW TABLE AS new_profiles FOR EACH STATEMENT EXECUTE FUNCTION profiles_facets_update();--> statement-breakpoint
CREATE FUNCTION profiles_facets_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM profile_facets f USING old_profiles o WHERE f.business_id = o.business_id AND f.profile_id = o.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_facets_delete AFTER DELETE ON profiles
  REFERENCING OLD TABLE AS old_profiles FOR EACH STATEMENT EXECUTE FUNCTION profiles_facets_delete();--> statement-breakpoint
-- TRUNCATE (a cascade from businesses, in tests and scripts) empties the copy too.
CREATE FUNCTION profiles_facets_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE profile_facets;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_facets_truncate AFTER TRUNCATE ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION profiles_facets_truncate();--> statement-breakpoint
-- Backfill: the profiles stored before, business by business (reads profiles; the triggers
-- above, created first in this transaction, hold off writers of profiles until it commits).
DO $$
DECLARE b uuid;
BEGIN
  FOR b IN SELECT DISTINCT business_id FROM profiles WHERE attributes <> '{}' OR cardinality(tag_ids) > 0 LOOP
    EXECUTE profile_facets_upsert_sql(b, 'profiles r WHERE (r.attributes <> ''{}'' OR cardinality(r.tag_ids) > 0)') USING b;
  END LOOP;
END $$;
