/**
 * SQL over profiles.tag_ids (sorted tag ids, no repeats; db/schema/profiles.ts). Both take SQL
 * expressions of type uuid[], each sorted and without repeats as the column is, and keep the
 * array so.
 */

/**
 * The tags of `current` and of `added` (both sorted, without repeats). A profile without tags
 * takes `added` as it is, with no sort (a profile's first tagging, the common case of an
 * import: the sort's subquery costs about 2 us a row, measured).
 */
export const tagIdsUnion = (current: string, added: string) =>
  `CASE WHEN ${current} @> ${added} THEN ${current} WHEN cardinality(${current}) = 0 THEN ${added} ELSE ARRAY(SELECT DISTINCT x FROM unnest(${current} || ${added}) x ORDER BY x) END`;

/** The tags of `current` that are not in `removed`. */
export const tagIdsWithout = (current: string, removed: string) =>
  `CASE WHEN ${current} && ${removed} THEN ARRAY(SELECT x FROM unnest(${current}) x WHERE x <> ALL(${removed}) ORDER BY x) ELSE ${current} END`;
