import type { Metadata } from "next";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { SwaggerReference } from "./swagger-reference";

export const metadata: Metadata = { title: "API reference" };

// Mirrors the security schemes registered in lib/api/openapi.ts; the reference below reads
// the live document, so "Authorize" there offers the same three.
const schemes = [
  { name: "ApiKeyHeader", how: "x-api-key: <key>", note: "Header. Recommended." },
  {
    name: "BearerAuth",
    how: "Authorization: Bearer <key>",
    note: "Header, for HTTP clients with bearer support.",
  },
  {
    name: "ApiKeyQuery",
    how: "?apikey=<key>",
    note: "Query parameter, for systems that cannot set headers.",
  },
];

export default async function ApiReferencePage() {
  const user = await requirePage("/api-reference");
  return (
    <>
      <PageHeader
        title="API reference"
        description={
          <>
            Every endpoint of the Switchboard API, generated from the same contracts that validate requests.
            The raw document is at{" "}
            <a
              href="/api/openapi.json"
              className="font-medium text-indigo-700 underline hover:text-indigo-600"
            >
              /api/openapi.json
            </a>{" "}
            (OpenAPI 3.1).
          </>
        }
      />
      <Card className="mb-6">
        <CardHeader
          title="Authentication"
          description={`Every request carries an API key of the business${user.businessId ? ` (${user.businessId})` : ""}, in one of three ways. A wrong, revoked or missing key, or a key of another business, gets 401.`}
        />
        <CardBody>
          <ul className="grid gap-3 sm:grid-cols-3">
            {schemes.map((s) => (
              <li key={s.name} className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
                <p className="text-sm font-semibold text-slate-900">{s.name}</p>
                <code className="mt-1 block font-mono text-xs text-indigo-700">{s.how}</code>
                <p className="mt-1 text-xs text-slate-600">{s.note}</p>
              </li>
            ))}
          </ul>
        </CardBody>
      </Card>
      <SwaggerReference businessId={user.businessId} showInternal={user.role === "OPERATOR"} />
    </>
  );
}
