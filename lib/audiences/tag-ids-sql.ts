/**
 * SQL over profiles.tag_ids (sorted tag ids, no repeats; db/schema/profiles.ts). Both take SQL
 * expressions of type uuid[] and keep the array sorted and without repeats.
 */

/** The tags of `current` and of `added`. */
export const tagIdsUnion = (current: string, added: string) =>
  `CASE WHEN ${current} @> ${added} THEN ${current} ELSE ARRAY(SELECT DISTINCT x FROM unnest(${current} || ${added}) x ORDER BY x) END`;

/** The tags of `current` that are not in `removed`. */
export const tagIdsWithout = (current: string, removed: string) =>
  `CASE WHEN ${current} && ${removed} THEN ARRAY(SELECT x FROM unnest(${current}) x WHERE x <> ALL(${removed}) ORDER BY x) ELSE ${current} END`;
