import { timingSafeEqual } from "node:crypto";
import type { Ctx } from "../context";
import { notFound } from "../errors";
import { isUuid } from "../ids";
import { calls } from "@/db/schema";
import { eq } from "drizzle-orm";

/**
 * The simulator's recording of a call: a few seconds of a 440 Hz tone as 8 kHz 16-bit mono WAV
 * (the length grows with the talk time, capped at 5 s). The URL carries the call's secret
 * token, like a provider's pre-signed recording link; a wrong token is a 404.
 */
export async function simulatedRecording(ctx: Ctx, callId: string, token: string): Promise<Buffer> {
  if (!isUuid(callId)) throw notFound("Recording");
  const [call] = await ctx.db.select().from(calls).where(eq(calls.id, callId));
  const a = Buffer.from(call?.token ?? "");
  const b = Buffer.from(token);
  if (
    !call ||
    call.provider !== "simulator" ||
    !call.recordingUrl ||
    a.length !== b.length ||
    !timingSafeEqual(a, b)
  ) {
    throw notFound("Recording");
  }
  return toneWav(Math.min(5, Math.max(1, Math.round(call.conversationDuration / 10))));
}

export function toneWav(seconds: number): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const buf = Buffer.alloc(44 + samples * 2);
  buf.write("RIFF", 0);
  buf.writeUInt32LE(36 + samples * 2, 4);
  buf.write("WAVEfmt ", 8);
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(rate, 24);
  buf.writeUInt32LE(rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write("data", 36);
  buf.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    buf.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), 44 + i * 2);
  }
  return buf;
}
