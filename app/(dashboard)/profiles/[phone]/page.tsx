import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { formatInZone } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { actions, roleMay } from "@/lib/auth/access";
import { userCtx } from "@/lib/auth/user-ctx";
import { getSubscriberPage, type SubscriberPageView } from "@/lib/audiences/subscriber-page";
import { getTimeZone } from "@/lib/businesses/get-time-zone";
import { AppError } from "@/lib/errors";
import { ConsentHistory } from "./consent-history";
import { EraseSubscriber } from "./erase-subscriber";
import { ReceivedCampaigns } from "./received-campaigns";
import { SubscriberAttributes } from "./subscriber-attributes";
import { SubscriberTags } from "./subscriber-tags";

export const metadata: Metadata = { title: "Subscriber" };

export default async function SubscriberPage({ params }: { params: Promise<{ phone: string }> }) {
  const user = await requirePage("/profiles/[phone]");
  const { phone } = await params;
  const ctx = userCtx(user);
  let view: SubscriberPageView;
  try {
    view = await getSubscriberPage(ctx, user.businessId, phone);
  } catch (e) {
    // A number that cannot be one names no subscriber either.
    if (e instanceof AppError && (e.code === "not_found" || e.code === "invalid_request")) notFound();
    throw e;
  }
  const timeZone = await getTimeZone(ctx, user.businessId);
  const at = (epoch: number) => formatInZone(epoch * 1000, timeZone);
  const p = view.profile;
  const facts: Array<[string, string]> = [
    ["Country", p.countryCode],
    ["City", p.city ?? "—"],
    ["Age", p.age === null ? "—" : String(p.age)],
    ["Gender", p.gender ?? "—"],
    ["Date of birth", p.dob ? p.dob.split("-").reverse().join("/") : "—"],
    ["Subscriber id", p.businessSubscriberId ?? "—"],
    ["Updated", formatInZone(p.updatedAt, timeZone)],
  ];
  const a = view.activity;
  const when = (epoch: number | null) => (epoch === null ? "Never" : at(epoch));
  const activity: Array<[string, string]> = [
    ["First message", when(a.firstMessageAt)],
    ["Last message", when(a.lastMessageAt)],
    ["Last campaign", a.lastCampaign ? `${a.lastCampaign.name}, ${at(a.lastCampaign.sentAt)}` : "Never"],
    ["Last read", when(a.lastReadAt)],
    ["Last click", when(a.lastClickAt)],
  ];
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/profiles" className="hover:underline">
            Profiles
          </Link>
        }
        title={p.name ? `${p.name} (+${p.phone})` : `+${p.phone}`}
        description="Profile, tags, attributes, consent history and the campaigns this number received."
        actions={
          roleMay(user.role, actions.eraseSubscriberAction) ? <EraseSubscriber phone={p.phone} /> : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Profile and activity" />
          <CardBody>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
              {[...facts, ...activity].map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-slate-500">{k}</dt>
                  <dd className="min-w-0 break-words text-slate-900">{v}</dd>
                </div>
              ))}
            </dl>
          </CardBody>
        </Card>
        <SubscriberTags phone={p.phone} tags={view.audience.tags} known={view.tags.map((t) => t.name)} />
        <SubscriberAttributes
          phone={p.phone}
          definitions={view.definitions}
          values={view.audience.attributes}
        />
        <ConsentHistory
          phone={p.phone}
          state={view.consent.state}
          events={view.consent.events.map((e) => ({ ...e, at: at(e.occurredAt) }))}
        />
      </div>
      <div className="mt-6">
        <ReceivedCampaigns rows={view.campaigns.map((c) => ({ ...c, at: at(c.sentAt) }))} />
      </div>
    </>
  );
}
