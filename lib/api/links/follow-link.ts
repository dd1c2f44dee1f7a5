/**
 * A tracked link (not in the spec): 302 to the original URL, the request's query appended; the
 * request counted as a click, a link preview or a bot (docs/economics.md, "Clicks").
 * GET /l/{code}
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { TypedResponse } from "hono";
import { followLink } from "@/lib/economics/links/follow-link";
import { defineOperation } from "../operation";

const text = (example: string) => ({ "text/plain": { schema: z.string().openapi({ example }) } });

export const contract = createRoute({
  method: "get",
  path: "/l/{code}",
  tags: ["Links"],
  summary: "Follow a tracked link",
  description:
    "The short link a campaign's recipient gets in place of each URL (one code per recipient and URL, 120 random bits). Answers 302 to the original URL with this request's query string appended as it came; the request is queued as a click (human), a link preview (WhatsApp's, Slack's, Telegram's, ... fetchers) or a bot (isbot's list, mail scanners, HEAD, no User-Agent), written in batches: a slow or stopped database never delays the redirect of a link in memory. No credential: the code is the secret.",
  request: {
    params: z.object({
      code: z.string().openapi({ param: { name: "code", in: "path" }, example: "q7Tz0bXr2LmN9vKc4WdA" }),
    }),
  },
  responses: {
    302: {
      description: "To the original URL",
      headers: {
        Location: {
          description: "The original URL, the request's query appended",
          schema: { type: "string" },
        },
      },
    },
    404: { description: "No such link", content: text("This link does not exist.") },
    503: {
      description:
        "The link is not in memory and the database does not answer: try again after Retry-After seconds",
      headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } },
      content: text("This link cannot be opened right now; try again in a few seconds."),
    },
  },
});

type Answer = Response & TypedResponse<string, 302 | 404 | 503, "text">;
const NO_STORE = { "cache-control": "no-store", "x-robots-tag": "noindex" };

export const followTrackedLinkOperation = defineOperation({
  auth: "public",
  contract,
  handler: async (c) => {
    const { code } = c.req.valid("param");
    const url = c.req.url;
    const q = url.indexOf("?");
    const query = q < 0 ? "" : url.slice(q + 1).split("#")[0]!;
    const answer = await followLink({
      code,
      query,
      method: c.req.method,
      userAgent: c.req.header("user-agent"),
      purpose: c.req.header("sec-purpose") ?? c.req.header("purpose"),
    });
    // Plain text, not the API's JSON error: whoever follows a link is a person with a browser.
    const res =
      answer.kind === "redirect"
        ? c.body(null, 302, { ...NO_STORE, location: answer.location })
        : answer.kind === "not_found"
          ? c.text("This link does not exist.", 404, NO_STORE)
          : c.text("This link cannot be opened right now; try again in a few seconds.", 503, {
              ...NO_STORE,
              "retry-after": String(answer.retryAfterSeconds),
            });
    return res as Answer;
  },
});
