/**
 * Message capabilities of a channel provider (docs/architecture.md "Channels"). The dispatch worker
 * (lib/messages) calls `send`; providers that learn statuses asynchronously (webhooks, the
 * simulator's timers) report them as `ProviderStatusEvent`s to the messages domain, which
 * applies them (statuses only move forward) and raises the callbacks.
 */

export type MessageChannel = "chatapp" | "rcs";

/** One message as a provider sends it, already resolved and validated by the messages domain. */
export type OutboundMessage = {
  messageId: string;
  businessId: string;
  channel: MessageChannel;
  /** chatapp: the sender's phoneNumberId; rcs: the agent id. */
  from: string;
  /** Recipient, E.164 digits without '+'. */
  to: string;
  /** 0 on the first dispatch of the message, then 1, 2, ... on retries (optional, for providers that care). */
  attempt?: number;
  content:
    | {
        kind: "template";
        name: string;
        language: string;
        /** Meta-style components with their parameters filled (header media, body texts, button suffixes). */
        components: unknown[];
      }
    | { kind: "rcs_text"; text: string }
    | { kind: "rcs_richcard"; richCard: unknown }
    /** A free-form reply inside the customer service window (conversations). */
    | { kind: "text"; text: string }
    /**
     * Choices offered inside the window (flows' questions): WhatsApp reply buttons (up to 3) or a
     * list (up to 10 rows in sections); RCS suggested replies. A tap comes back as the option's
     * id (Meta's button_reply/list_reply id, RBM's postbackData) with its title.
     */
    | InteractiveContent
    /** A free-form image or document reply by public URL (conversations). */
    | {
        kind: "media";
        mediaType: "image" | "document";
        link: string;
        caption: string | null;
        fileName: string | null;
      };
};

export type InteractiveOption = { id: string; title: string; description?: string; section?: string };
export type InteractiveContent = {
  kind: "interactive";
  style: "buttons" | "list";
  text: string;
  /** The label of the button that opens a list. */
  listButton?: string;
  options: InteractiveOption[];
};

export type SendResult =
  | { ok: true; providerMessageId: string }
  | {
      ok: false;
      /** Throttled by the provider (Meta 130429, RBM 429): back off and retry, don't fail. */
      throttled?: boolean;
      /** A transient failure (5xx, timeout): retry later. */
      retryable?: boolean;
      retryAfterMs?: number;
      errorCode: string;
      reason: string;
      details?: string;
    };

export type ProviderStatus = "sent" | "delivered" | "read" | "failed";

export type ProviderStatusEvent = {
  /** Our message id when the provider echoes it (simulator), else its own id. */
  messageId?: string;
  providerMessageId?: string;
  status: ProviderStatus;
  at: Date;
  errorCode?: string;
  reason?: string;
  details?: string;
  /** What the provider charged for the message, where it says (Meta's `pricing`). */
  pricing?: StatusPricing;
};

export type StatusPricing = { billable: boolean; category: string | null };

/** The business's channel configuration (business_channels.config) and provider name. */
export type ChannelSettings = { provider: string; config: Record<string, unknown> };

export type MessageProvider = {
  readonly name: string;
  /**
   * A send repeated with the same message id reaches the recipient once: the simulator (nothing
   * happens until the acceptance is recorded), RBM (the messageId is ours; a second one is
   * refused as ALREADY_EXISTS). Others (WhatsApp's Cloud API) get each batch written down
   * before it is sent, so a worker killed in between does not send it twice (dispatch_inflight).
   */
  readonly idempotentSends?: boolean;
  send(message: OutboundMessage, settings: ChannelSettings): Promise<SendResult>;
  /** Many at once where the provider allows it; defaults to `send` per message. */
  sendMany?(messages: OutboundMessage[], settings: ChannelSettings): Promise<SendResult[]>;
  /**
   * For providers without webhooks (the simulator): the status events that will follow the
   * accepted messages, each batch due `afterSeconds` after acceptance. The dispatcher queues
   * them in the same transaction that records the acceptance, and they are applied through the
   * same path as webhook events.
   */
  plannedEvents?(
    accepted: Array<{ message: OutboundMessage; providerMessageId: string }>,
  ): Array<{ afterSeconds: number; events: ProviderStatusEvent[] }>;
};

export type RcsCapabilityProvider = {
  readonly name: string;
  /** Whether the number (E.164 digits) can receive RCS from the agent. */
  isRcsCapable(phone: string, settings: ChannelSettings): Promise<boolean>;
  /**
   * Many numbers at once where the provider has a bulk call (RBM `users:batchGet`): the
   * RCS-capable ones among `phones` (E.164 digits). Without it, callers ask number by number.
   */
  capableAmong?(phones: string[], settings: ChannelSettings): Promise<string[]>;
};
