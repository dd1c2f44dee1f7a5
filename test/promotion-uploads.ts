import { randomBytes } from "node:crypto";
import { api } from "./api";
import type { TestBusiness } from "./factories";

type Part = { name: string; value: string | Buffer; filename?: string; type?: string };

/** A multipart/form-data body built by hand (as curl -F sends it, with Content-Length). */
export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----sbtest${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const file = p.filename ? `; filename="${p.filename}"` : "";
    const type = p.type ? `\r\nContent-Type: ${p.type}` : "";
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}${type}\r\n\r\n`),
    );
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A multipart POST with the business's key. */
export const post = (path: string, t: TestBusiness, parts: Part[], headers: Record<string, string> = {}) => {
  const { body, contentType } = multipart(parts);
  return api(path, {
    headers: {
      "x-api-key": t.apiKey,
      "content-type": contentType,
      "content-length": String(body.length),
      ...headers,
    },
    body: new Uint8Array(body),
  });
};

/** POST /api/v2/promotion/{id}/list?name= with the CSV as `file`. */
export const uploadList = (t: TestBusiness, name: string, csv: string | Buffer) =>
  post(`/api/v2/promotion/${t.business.id}/list?name=${encodeURIComponent(name)}`, t, [
    { name: "file", value: csv, filename: "list.csv", type: "text/csv" },
  ]);

/** E1 form (a): the CSV and the promotion body in one multipart request. */
export const launchWithFile = (
  t: TestBusiness,
  name: string,
  csv: string | Buffer,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  post(
    `/api/v2/promotion/${t.business.id}/template/launch?name=${encodeURIComponent(name)}`,
    t,
    [
      { name: "body", value: JSON.stringify(body) },
      { name: "file", value: csv, filename: "list.csv", type: "text/csv" },
    ],
    headers,
  );

/** E1 form (b): JSON, on a list uploaded before. */
export const launchOnList = (
  t: TestBusiness,
  name: string,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  api(`/api/v2/promotion/${t.business.id}/template/launch?name=${encodeURIComponent(name)}`, {
    headers: { "x-api-key": t.apiKey, ...headers },
    json: body,
  });

/** A chatapp promotion body on `template` whose body variables are the given `${column}` values. */
export const chatappLaunch = (template: string, phoneNumberId: string, values = ["${name}", "${order}"]) => ({
  name: `Promo ${randomBytes(3).toString("hex")}`,
  promotionType: "IMMEDIATE",
  promotionBase: "TEMPLATE",
  promotionTemplateType: "TEMPLATE",
  phoneNumberId,
  channelType: "chatapp",
  template: {
    name: template,
    language: "en_US",
    components: [{ type: "BODY", variables: values.map((value) => ({ type: "text", value })) }],
  },
});
