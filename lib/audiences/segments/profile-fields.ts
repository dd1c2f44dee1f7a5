/**
 * The profile's own fields a segment may filter on (the spec's F1 fields: db/schema/profiles.ts),
 * each with the column it reads and the type whose operators fit it (operators.ts). `subscribed`
 * is when the profile was first stored. Profiles keep no language: a recipient's language
 * comes from its list, so there is none to filter on.
 */
export const profileFields = {
  name: { column: "p.name", type: "text" },
  phone: { column: "p.phone", type: "text" },
  country: { column: "p.country_code", type: "text" },
  city: { column: "p.city", type: "text" },
  gender: { column: "p.gender", type: "text" },
  subscriber_id: { column: "p.business_subscriber_id", type: "text" },
  age: { column: "p.age", type: "number" },
  dob: { column: "p.dob", type: "date" },
  subscribed: { column: "p.created_at", type: "instant" },
} as const;

export type ProfileField = keyof typeof profileFields;
export const profileFieldNames = Object.keys(profileFields) as [ProfileField, ...ProfileField[]];
