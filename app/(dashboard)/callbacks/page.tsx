import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { listDeliveries } from "@/lib/callbacks/list-deliveries";
import { listEndpoints } from "@/lib/callbacks/list-endpoints";
import { canSeeCallbackSecrets } from "@/lib/callbacks/permissions";
import { deliveryFilters } from "@/lib/callbacks/schemas";
import { DeliveryLog } from "./delivery-log";
import { EndpointsView } from "./endpoints-view";

export const metadata: Metadata = { title: "Callbacks" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CallbacksPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePage("/callbacks");
  const sp = await searchParams;
  const one = (k: string) => (typeof sp[k] === "string" && sp[k] ? (sp[k] as string) : undefined);
  // Unknown or malformed filters are dropped rather than failing the page.
  const parsed = deliveryFilters.safeParse({
    endpointId: one("endpoint"),
    status: one("status"),
    event: one("event"),
    before: one("before"),
    limit: 50,
  });
  const filters = parsed.success ? parsed.data : { limit: 50 };
  const ctx = userCtx(user);
  const [endpoints, log] = await Promise.all([
    listEndpoints(ctx, user.businessId),
    listDeliveries(ctx, user.businessId, filters),
  ]);
  return (
    <>
      <PageHeader
        title="Callbacks"
        description="Endpoints that receive signed events (message status, customer messages, call records, capability results), and every delivery attempt."
      />
      <div className="space-y-8">
        <EndpointsView endpoints={endpoints} canSeeSecrets={canSeeCallbackSecrets(user.role)} />
        <DeliveryLog
          deliveries={log.deliveries}
          nextCursor={log.nextCursor}
          endpoints={endpoints.map((e) => ({ id: e.id, url: e.url }))}
          filters={{
            endpoint: parsed.success ? (parsed.data.endpointId ?? "") : "",
            status: parsed.success ? (parsed.data.status ?? "") : "",
            event: parsed.success ? (parsed.data.event ?? "") : "",
            paged: Boolean(parsed.success && parsed.data.before),
          }}
        />
      </div>
    </>
  );
}
