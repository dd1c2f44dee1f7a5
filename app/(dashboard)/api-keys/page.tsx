import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { ApiKeysView } from "./api-keys-view";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const user = await requirePage("/api-keys");
  const keys = await listApiKeys(userCtx(user), user.businessId);
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Keys authenticate your systems to the Switchboard API for business{" "}
            <code
              data-testid="business-id"
              className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-800"
            >
              {user.businessId}
            </code>
            . Send a key as the <code className="font-mono text-xs">x-api-key</code> header, as{" "}
            <code className="font-mono text-xs">Authorization: Bearer</code>, or as the{" "}
            <code className="font-mono text-xs">apikey</code> query parameter.
          </>
        }
      />
      <ApiKeysView keys={keys} />
    </>
  );
}
