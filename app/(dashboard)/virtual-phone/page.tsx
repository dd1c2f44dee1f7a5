import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { getTimeZone } from "@/lib/businesses/get-time-zone";
import { listTestNumbers } from "@/lib/businesses/test-numbers";
import { AppError } from "@/lib/errors";
import { listCustomerReplies } from "@/lib/inbound/list-customer-replies";
import type { CustomerReplyView } from "@/lib/inbound/schemas";
import { listRecentRecipients } from "@/lib/messages/simulator/list-recent-recipients";
import { listSimulatorInbox, type InboxMessage } from "@/lib/messages/simulator/list-simulator-inbox";
import { requireRecipient } from "@/lib/phone/international";
import { listTemplates } from "@/lib/templates/list-templates";
import { testSlotsOf } from "@/lib/templates/test-slots";
import { NumberPicker } from "./number-picker";
import { SendBox, type SendableTemplate } from "./send-box";
import { PhoneView } from "./phone-view";

export const metadata: Metadata = { title: "Virtual phone" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePage("/virtual-phone");
  const sp = await searchParams;
  const raw = typeof sp.number === "string" ? sp.number.trim() : "";
  const ctx = userCtx(user);
  let number = "";
  let inbox: InboxMessage[] | null = null;
  let replies: CustomerReplyView[] = [];
  let error: string | null = null;
  if (raw) {
    try {
      number = requireRecipient(raw, "number");
      inbox = await listSimulatorInbox(ctx, { businessId: user.businessId, phone: number, limit: 200 });
      replies = await listCustomerReplies(ctx, { businessId: user.businessId, phone: number });
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== "invalid_request") throw e;
      error = e.message;
    }
  }
  const [recent, timeZone, testNumbers] = await Promise.all([
    listRecentRecipients(ctx, user.businessId),
    getTimeZone(ctx, user.businessId),
    listTestNumbers(ctx, user.businessId),
  ]);
  const { items } = await listTemplates(ctx, user.businessId, { status: "APPROVED", limit: 500 });
  const sendable: SendableTemplate[] = items.map((t) => ({
    id: t.id,
    label: `${t.name} (${t.language}, ${t.channel === "rcs" ? "RCS" : "chatapp"})`,
    slots: testSlotsOf(t),
  }));
  return (
    <>
      <PageHeader
        title="Virtual phone"
        description="See what a test number received through the simulator, as on its screen, and act as the recipient: mark a message read or make it fail, or reply. Statuses flow back as events and callbacks; a reply is a customer message (message.received)."
      />
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <div className="min-w-0 space-y-6">
          <NumberPicker
            current={number || raw}
            recent={recent}
            testNumbers={testNumbers}
            error={error}
            timeZone={timeZone}
          />
          <SendBox key={number} templates={sendable} number={number || raw} />
        </div>
        {inbox ? (
          <PhoneView key={number} number={number} inbox={inbox} replies={replies} timeZone={timeZone} />
        ) : (
          <div className="grid place-items-center rounded-lg border border-dashed border-slate-300 p-10 text-sm text-slate-500">
            Pick a number to open its phone.
          </div>
        )}
      </div>
    </>
  );
}
