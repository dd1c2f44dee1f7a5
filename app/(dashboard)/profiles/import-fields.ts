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
export type Report = { total: number; uploaded: number; rejected: Rejected[] };

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
