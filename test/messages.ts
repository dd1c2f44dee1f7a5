import { templates } from "../db/schema";
import type { TestBusiness } from "./factories";
import { db } from "../lib/db/pool";
import { uuidv7 } from "../lib/ids";
import { drainQueues } from "../lib/jobs/drain-queues";
import { resetEnv } from "../lib/env";

// Messaging tests run the simulator with no delays and without the lookup caches.
process.env.SIMULATOR_MESSAGE_DELAYS = "0,0,0";
process.env.MESSAGES_CACHE_MS = "0";
resetEnv();

/** The business's first chatapp sender (phoneNumberId). */
export const phoneOf = (t: TestBusiness) =>
  t.business.channels.find((c) => c.channel === "chatapp")!.phoneNumberIds[0]!;

/** An A1 body: the template's body parameters filled with `params` (its two variables by default). */
export const a1Body = (
  name: string,
  phoneNumberId: string,
  to = "919900000001",
  params = ["Asha", "A-1"],
) => ({
  message: {
    messageType: "template" as const,
    name,
    language: "en_US",
    components: [
      { componentType: "body", parameters: params.map((text) => ({ type: "text" as const, text })) },
    ],
  },
  to,
  phoneNumberId,
});

/** A B1 body for the default template: its two body slots filled from each subscriber's variables. */
export const bulkBody = (
  name: string,
  phoneNumberId: string,
  subscribers: { subscriberId: string; variables: string[] }[],
) => ({ message: a1Body(name, phoneNumberId, undefined, ["1", "2"]).message, subscribers, phoneNumberId });

/** An APPROVED template inserted directly (the review flow has its own tests). */
export async function approvedTemplate(
  businessId: string,
  opts: {
    channel?: "chatapp" | "rcs";
    name?: string;
    language?: string;
    components?: unknown[];
    rcsCard?: unknown;
    status?: "APPROVED" | "PENDING" | "REJECTED";
    category?: "UTILITY" | "MARKETING" | "AUTHENTICATION";
  } = {},
) {
  const id = uuidv7();
  const channel = opts.channel ?? "chatapp";
  const name = opts.name ?? `tpl_${id.slice(-8)}`;
  await db()
    .insert(templates)
    .values({
      id,
      businessId,
      channel,
      name,
      language: opts.language ?? (channel === "rcs" ? "en" : "en_US"),
      category: channel === "rcs" ? null : (opts.category ?? "UTILITY"),
      status: opts.status ?? "APPROVED",
      components: (opts.components ?? [
        {
          type: "BODY",
          text: "Hello {{1}}, your order {{2}} has shipped.",
          example: { body_text: [["Asha", "A-1"]] },
        },
      ]) as never,
      rcsCard: (opts.rcsCard ?? null) as never,
    });
  return { id, name };
}

/** A chatapp template with an image header, a body with two variables and a URL button with {{1}}. */
export const richComponents = [
  { type: "HEADER", format: "IMAGE", example: { header_handle: [] } },
  { type: "BODY", text: "Hi {{1}}, report {{2}} is ready.", example: { body_text: [["Sunil", "1234"]] } },
  { type: "FOOTER", text: "School app" },
  {
    type: "BUTTONS",
    buttons: [
      { type: "URL", text: "Open", url: "https://school.example.com/report{{1}}", example: ["?Kid_ID=1"] },
      { type: "QUICK_REPLY", text: "Thanks" },
    ],
  },
];

/**
 * A CAROUSEL template: a top body with one variable and three cards, each with an image, a body
 * with two variables and two buttons (a quick reply, then a URL with {{1}}).
 */
export const carouselComponents = [
  { type: "BODY", text: "Hi {{1}}, picked for you:", example: { body_text: [["Asha"]] } },
  {
    type: "CAROUSEL",
    cards: ["Fern", "Cactus", "Orchid"].map((plant) => ({
      components: [
        { type: "HEADER", format: "IMAGE", example: { header_handle: [] } },
        { type: "BODY", text: `${plant}: {{1}} for {{2}}`, example: { body_text: [["new", "$9"]] } },
        {
          type: "BUTTONS",
          buttons: [
            { type: "QUICK_REPLY", text: "More like this" },
            { type: "URL", text: "Buy", url: "https://shop.example.com/p/{{1}}", example: ["fern"] },
          ],
        },
      ],
    })),
  },
];

export const rcsCard = {
  richCard: {
    standaloneCard: {
      cardOrientation: "VERTICAL",
      cardContent: {
        title: "Hello {{1}}",
        description: "Your code is {{2}}.",
        media: {
          height: "MEDIUM",
          contentInfo: { fileUrl: "https://cdn.example.com/a.png", forceRefresh: "false" },
        },
      },
    },
  },
};

/** Runs the due jobs (dispatch, status events, callbacks) until nothing is left. */
export async function drainAll(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    const r = await drainQueues({ budgetMs: 10_000 });
    const busy = Object.values(r).some((q) => q.processed + q.failed > 0);
    if (!busy) return;
  }
}
