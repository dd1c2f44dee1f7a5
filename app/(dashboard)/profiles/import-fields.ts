export const CHUNK = 1000;
export const FIELDS = [
  { key: "phone", label: "Phone", required: true },
  { key: "countrycode", label: "Country code", required: false },
  { key: "name", label: "Name" },
  { key: "age", label: "Age" },
  { key: "gender", label: "Gender" },
  { key: "dob", label: "Date of birth (day/month/year)" },
  { key: "businesssubscriberid", label: "Your subscriber id" },
  { key: "city", label: "City" },
] as const;
export type FieldKey = (typeof FIELDS)[number]["key"];
export type Mapping = Record<FieldKey, string>;
export type Rejected = { line: number; phone: string; reason: string };
/** A row whose number an earlier row of the file already had: its values replaced the earlier's. */
export type Duplicate = { line: number; phone: string; firstLine: number };
export type Report = { total: number; uploaded: number; rejected: Rejected[]; duplicates: Duplicate[] };

/**
 * The API's reason ("countrycode: Must be a two-letter …") in the words of the import's own
 * columns ("Country code: must be a two-letter …").
 */
export function plainReason(reason: string): string {
  const m = /^(\w+): (.*)$/s.exec(reason);
  if (m?.[1] === "attributes") return `Attribute ${m[2]}`;
  if (m?.[1] === "tags") return `Tags: ${m[2]}`;
  const field = m ? FIELDS.find((f) => f.key === m[1]) : undefined;
  if (!m || !field) return reason;
  const label = field.key === "dob" ? "Date of birth" : field.label;
  const text = m[2]!;
  if (text.startsWith("Required")) return `${label} is required${text.slice("Required".length)}`;
  return `${label}: ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");
const ALIASES: Record<FieldKey, string[]> = {
  phone: ["phone", "phonenumber", "mobile", "msisdn", "number"],
  countrycode: ["countrycode", "country", "cc"],
  name: ["name", "fullname"],
  age: ["age"],
  gender: ["gender", "sex"],
  dob: ["dob", "dateofbirth", "birthdate", "birthday"],
  businesssubscriberid: ["businesssubscriberid", "subscriberid", "customerid", "id"],
  city: ["city", "town"],
};

export function guessMapping(headers: string[]): Mapping {
  const m = {} as Mapping;
  for (const f of FIELDS) m[f.key] = headers.find((h) => ALIASES[f.key].includes(norm(h))) ?? "";
  return m;
}

export const PREVIEW_HEADERS: Record<FieldKey, string> = {
  phone: "Phone",
  countrycode: "Country",
  name: "Name",
  age: "Age",
  gender: "Gender",
  dob: "Date of birth",
  businesssubscriberid: "Subscriber id",
  city: "City",
};

/** Columns mapped to the business's custom attributes (by key) and to tags. */
export type ExtraMapping = {
  attributes: Record<string, string>;
  /** A column of tag names, separated by ; or , or | (every name is added). */
  tagsColumn: string;
  /** Tag names (separated the same way) every imported subscriber gets. */
  tagAll: string;
};

export const tagList = (cell: string | undefined) =>
  (cell ?? "")
    .split(/[;,|]/)
    .map((t) => t.trim())
    .filter(Boolean);

/** Attribute columns guessed by the attribute's key or label as a header. */
export function guessExtra(
  headers: string[],
  attributes: Array<{ key: string; label: string }>,
): ExtraMapping {
  const find = (...names: string[]) => headers.find((h) => names.some((n) => norm(n) === norm(h))) ?? "";
  return {
    attributes: Object.fromEntries(attributes.map((a) => [a.key, find(a.key, a.label)])),
    tagsColumn: find("tags", "tag", "labels"),
    tagAll: "",
  };
}
