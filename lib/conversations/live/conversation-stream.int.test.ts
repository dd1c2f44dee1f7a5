import { describe, expect, it } from "vitest";
import { customerWrites, userCtx } from "@/test/conversations";
import { createTestBusiness, createTestUser } from "@/test/factories";
import { conversationStream } from "./conversation-stream";

/** Reads the stream until `pattern` shows or `ms` pass; returns what it read. */
async function readUntil(stream: ReadableStream<Uint8Array>, pattern: RegExp, ms: number): Promise<string> {
  const reader = stream.getReader();
  const dec = new TextDecoder();
  let text = "";
  const end = Date.now() + ms;
  while (!pattern.test(text) && Date.now() < end) {
    const next = await Promise.race([
      reader.read(),
      new Promise<null>((r) => setTimeout(() => r(null), Math.max(1, end - Date.now()))),
    ]);
    if (!next || next.done) break;
    text += dec.decode(next.value);
  }
  reader.releaseLock();
  return text;
}

describe("the inbox event stream", () => {
  it("tells the assigned agent and an admin, not an agent of another business", async () => {
    const t = await createTestBusiness();
    const other = await createTestBusiness();
    const agent = await createTestUser(t.business.id);
    const stranger = await createTestUser(other.business.id);
    const ac = new AbortController();
    try {
      const mine = await conversationStream(userCtx(t.business.id, agent.id), t.business.id, ac.signal);
      const admin = await conversationStream(
        userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN"),
        t.business.id,
        ac.signal,
      );
      const theirs = await conversationStream(
        userCtx(other.business.id, stranger.id),
        other.business.id,
        ac.signal,
      );
      await customerWrites(t, "919555000222", "hello");
      // The message and its assignment are two events; NOTIFY may bring either first.
      expect(await readUntil(mine, /"kind":"message"/, 3_000)).toMatch(
        /event: conversation\ndata: .*"kind":"message"/,
      );
      expect(await readUntil(admin, /event: conversation/, 3_000)).toMatch(/event: conversation/);
      expect(await readUntil(theirs, /event: conversation/, 1_500)).not.toMatch(/event: conversation/);
    } finally {
      ac.abort();
    }
  });
});
