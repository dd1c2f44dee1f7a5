import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "@/lib/api/app";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { resetEnv } from "@/lib/env";
import { simulateButtonTap } from "@/lib/messages/simulator/simulate-button-tap";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, drainAll, phoneOf } from "@/test/messages";
import { launchWithFile } from "@/test/promotion-uploads";
import { finalStatus, numbers, runUntil } from "@/test/promotions";
import { clickQueue } from "./click-recorder";
import { linkBaseUrl } from "./link-base";
import { newLinkCode } from "./link-code";
import { openTappedLink, VIRTUAL_PHONE_AGENT } from "./open-tapped-link";

// The virtual phone's tap of a tracked URL button is a real GET of the link over a socket: the
// API app served on a port of its own, and PUBLIC_BASE_URL pointing at it ("localhost", as the
// default link base is, while the server listens on 127.0.0.1 only).

let server: ServerType;
let t: TestBusiness;
const before = process.env.PUBLIC_BASE_URL;

beforeAll(async () => {
  const app = createApiApp();
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
  });
  process.env.PUBLIC_BASE_URL = `http://localhost:${(server.address() as AddressInfo).port}`;
  resetEnv();
  t = await createTestBusiness();
});

afterAll(async () => {
  if (before === undefined) delete process.env.PUBLIC_BASE_URL;
  else process.env.PUBLIC_BASE_URL = before;
  resetEnv();
  await new Promise<void>((r) => server.close(() => r()));
});

const clicksOf = (id: string) =>
  api(`/api/v3/promotion/${t.business.id}/${id}/clicks`, { headers: { "x-api-key": t.apiKey } });

describe("the virtual phone's tap of a tracked URL button", () => {
  it("requests the recipient's tracked link as a phone does: a 302 to the original URL, counted as that recipient's click", async () => {
    const tpl = await approvedTemplate(t.business.id, {
      category: "MARKETING",
      components: [
        { type: "BODY", text: "Hi {{1}}, see your offer.", example: { body_text: [["Asha"]] } },
        {
          type: "BUTTONS",
          buttons: [
            { type: "URL", text: "Shop", url: `${linkBaseUrl()}/l/{{1}}`, example: ["https://x.example"] },
          ],
        },
      ],
    });
    const phones = numbers(2, "0002");
    const launched = await launchWithFile(
      t,
      "taps",
      "Phone,Name,Url\n" + phones.map((p, i) => `${p},N${i},https://shop.example/p/${i}?a=1`).join("\n"),
      {
        name: "Tapped",
        channelType: "chatapp",
        phoneNumberId: phoneOf(t),
        template: {
          name: tpl.name,
          language: "en_US",
          components: [
            { type: "BODY", variables: [{ type: "text", value: "${name}" }] },
            { type: "BUTTON", sub_type: "url", index: 0, variables: [{ type: "text", value: "${url}" }] },
          ],
        },
      },
    );
    expect(launched.status, launched.text).toBe(200);
    const id = launched.json.promotionId as string;
    await runUntil(finalStatus(id));
    await drainAll();
    const [msg] = await rawQuery<{ id: string }>(
      db(),
      `SELECT id FROM messages WHERE business_id = $1 AND transaction_id = $2 AND recipient = $3`,
      [t.business.id, id, phones[0]],
    );

    const tap = await simulateButtonTap(systemCtx("test"), {
      businessId: t.business.id,
      messageId: msg!.id,
      button: 0,
    });
    expect(tap.kind).toBe("url");
    expect(tap.url).toMatch(new RegExp(`^${linkBaseUrl()}/l/[A-Za-z0-9_-]{20}$`));
    expect(await openTappedLink(tap.url!)).toEqual({
      kind: "followed",
      status: 302,
      location: "https://shop.example/p/0?a=1",
    });
    expect(await clickQueue().flush()).toBe(true);

    const clicks = await clicksOf(id);
    expect(clicks.json).toMatchObject({ clicks: 1, uniqueClickers: 1, previews: 0, bots: 0 });
    const rows = await rawQuery<{ phone: string; agent_class: string; user_agent: string }>(
      db(),
      `SELECT phone, agent_class, user_agent FROM link_clicks WHERE business_id = $1 AND promotion_id = $2`,
      [t.business.id, id],
    );
    expect(rows).toEqual([{ phone: phones[0], agent_class: "human", user_agent: VIRTUAL_PHONE_AGENT }]);
  });

  it("requests nothing for a URL that is not one of this host's tracked links, and says so when the host does not answer", async () => {
    const code = newLinkCode();
    expect(await openTappedLink("https://shop.example.com/track")).toBeNull();
    expect(await openTappedLink(`http://127.0.0.2:9/l/${code}`)).toBeNull();
    expect(await openTappedLink(`${linkBaseUrl()}/l/not-a-code`)).toBeNull();
    // A code no link has: the redirect's own 404, asked for and answered.
    expect(await openTappedLink(`${linkBaseUrl()}/l/${code}`)).toEqual({
      kind: "followed",
      status: 404,
      location: null,
    });

    const closed = serve({ fetch: () => new Response(null), port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((r) => closed.once("listening", () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    process.env.PUBLIC_BASE_URL = `http://127.0.0.1:${port}`;
    resetEnv();
    try {
      const opened = await openTappedLink(`http://127.0.0.1:${port}/l/${code}`);
      expect(opened?.kind).toBe("unreachable");
    } finally {
      process.env.PUBLIC_BASE_URL = `http://localhost:${(server.address() as AddressInfo).port}`;
      resetEnv();
    }
  });
});
