import { randomBytes } from "node:crypto";
import { boss } from "../lib/jobs/boss";
import { runRound } from "../lib/jobs/drain-queues";
import { queueDefinitions } from "../lib/jobs/registered-queues";
import { resetEnv } from "../lib/env";

// Review jobs run at once in tests; each test drives them with runTemplateReviews().
process.env.SIMULATOR_TEMPLATE_REVIEW_SECONDS = "0";
resetEnv();

/** Bytes that start like a PNG (magic bytes are all the upload check reads). */
export const pngBytes = (size = 256) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size)]);
export const jpegBytes = (size = 256) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(size)]);

/** Runs the due template-review jobs once, as a worker would. */
export async function runTemplateReviews(): Promise<number> {
  const def = queueDefinitions().find((d) => d.name === "template-review");
  if (!def) throw new Error("template-review queue not defined");
  let total = 0;
  for (let i = 0; i < 5; i++) {
    const r = await runRound(boss(), def, 100);
    total += r.processed;
    if (r.fetched === 0) break;
  }
  return total;
}

export const textTemplate = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  language: "en_US",
  category: "UTILITY",
  components: [
    {
      type: "BODY",
      text: "Hello {{1}}, your order {{2}} has shipped today.",
      example: { body_text: [["Asha", "A-1001"]] },
    },
  ],
  ...extra,
});

export const imageTemplate = (name: string) => ({
  name,
  language: "en_US",
  category: "MARKETING",
  components: [
    { type: "HEADER", format: "IMAGE", example: { header_handle: [] } },
    {
      type: "BODY",
      text: "Our summer sale starts now for you, {{1}}. Enjoy!",
      example: { body_text: [["Asha"]] },
    },
    { type: "FOOTER", text: "Reply STOP to opt out" },
    {
      type: "BUTTONS",
      buttons: [
        { type: "URL", text: "Shop now", url: "https://shop.example.com/sale/{{1}}", example: ["summer"] },
        { type: "PHONE_NUMBER", text: "Call us", phone_number: "+919900000001" },
      ],
    },
  ],
});

export const rcsTemplate = (name: string) => ({
  messageTemplate: { name, language: "en" },
  rcsOutgoingMessage: {
    richCard: {
      standaloneCard: {
        cardOrientation: "VERTICAL",
        cardContent: {
          title: "Summer sale",
          description: "Up to 50% off on all items this week only.",
          media: {
            height: "MEDIUM",
            contentInfo: { fileUrl: "https://cdn.example.com/sale.png", forceRefresh: "false" },
          },
          suggestions: [
            {
              action: {
                text: "Shop now",
                postbackData: "shop_now",
                openUrlAction: {
                  url: "https://shop.example.com",
                  application: "BROWSER",
                  webviewViewMode: "FULL",
                },
              },
            },
          ],
        },
      },
    },
  },
});
