/**
 * Provider capabilities, one type per capability (docs/architecture.md "Channels"). A provider module
 * implements the capabilities it has; `lib/channels/<provider>/<capability>.ts`.
 */

/** What a provider needs to review a template: the stored template and its image bytes. */
export type TemplateForReview = {
  id: string;
  businessId: string;
  channel: "chatapp" | "rcs";
  name: string;
  language: string;
  category: string | null;
  /** Chatapp components as created (header_handle empty) or null for RCS. */
  components: unknown[];
  rcsCard: unknown;
  /** Images of the IMAGE headers in component order (top header first, then cards). */
  loadImages: () => Promise<{ bytes: Buffer; contentType: string }[]>;
  /** The business's channel configuration (business_channels.config). */
  channelConfig: Record<string, unknown>;
};

export type TemplateReviewResult = {
  /** The provider's id of the template, used to match its later status updates. */
  providerRef?: string;
  status: "PENDING" | "APPROVED" | "REJECTED";
  reason?: string;
};

/** Submits templates for approval (Meta's review, the simulator's rules). */
export type TemplateReviewProvider = {
  readonly name: string;
  /** Seconds to wait after creation before submitting (the simulator's review time). */
  submitDelaySeconds(): number;
  submitForReview(template: TemplateForReview): Promise<TemplateReviewResult>;
};
