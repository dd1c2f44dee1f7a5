import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRequestListener } from "./request-listener";

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer(
    createRequestListener({
      api: (_req, res) => res.end("api"),
      web: (_req, res) => res.end("web"),
      trustProxy: false,
      dev: false,
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const served = async (path: string) => (await fetch(`${base}${path}`)).text();

describe("the request listener", () => {
  it("hands the API paths and the tracked links (/l/<code>) to Hono, the rest to Next.js", async () => {
    expect(await served("/api/v3/whoami")).toBe("api");
    expect(await served("/api/openapi.json")).toBe("api");
    expect(await served("/l/q7Tz0bXr2LmN9vKc4WdA?utm_source=wa")).toBe("api");
    expect(await served("/l/")).toBe("api");
    expect(await served("/l/a/b")).toBe("web");
    expect(await served("/links")).toBe("web");
    expect(await served("/campaigns")).toBe("web");
  });
});
