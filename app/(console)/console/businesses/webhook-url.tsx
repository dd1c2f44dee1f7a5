import { CopyButton } from "@/components/ui/copy-button";
import type { Channel } from "@/lib/businesses/schemas";

/** The URL to paste into the provider's console, for a business that has its own app / agent. */
export function WebhookUrl({ channel, url }: { channel: Channel; url: string }) {
  return (
    <section className="space-y-2 rounded-md bg-slate-50 p-3" aria-labelledby={`webhook-url-${channel}`}>
      <h3 id={`webhook-url-${channel}`} className="text-sm font-medium text-slate-800">
        Webhook URL of this business
      </h3>
      <div className="flex items-start gap-2">
        <code className="min-w-0 flex-1 font-mono text-xs break-all text-slate-700" data-testid="webhook-url">
          {url}
        </code>
        <CopyButton value={url} label="Copy URL" />
      </div>
      <p className="text-xs text-slate-600">
        {channel === "chatapp"
          ? "In the business's own Meta app: WhatsApp > Configuration > Webhook: this callback URL and the verify token above; subscribe to messages and message_template_status_update. Events are checked with the app secret above. A platform-owned app shared by all businesses uses /api/webhooks/whatsapp and the server's WHATSAPP_APP_SECRET instead."
          : "In the Business Communications Developer Console: the agent's webhook URL, with the client token above. Businesses sharing the platform's partner webhook use /api/webhooks/rbm and the server's RBM_CLIENT_TOKEN instead."}
      </p>
    </section>
  );
}
