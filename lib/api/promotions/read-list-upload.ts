import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { Ctx } from "@/lib/context";
import { env } from "@/lib/env";
import { invalid, invalidInput } from "@/lib/errors";
import { payloadTooLarge } from "@/lib/http/request-body-limit";
import { launchPromotionInput } from "@/lib/promotions/launch/schemas";
import { ingestList, type IngestResult } from "@/lib/promotions/lists/ingest-list";
import { findUnstorableText, unstorableTextError } from "@/lib/validation/find-unstorable-text";
import { LIST_UPLOAD_OVERHEAD } from "../body-policy";
import { boundaryOf, multipartParts, partText } from "@/lib/http/multipart-stream";
import type { ApiEnv } from "../types";

export type ReceivedListUpload = { ingest: IngestResult; body: unknown; fileSha256: string };

/** The request body's bytes, refused with a 413 past `limit` (a chunked body has no length). */
async function* counted(source: AsyncIterable<Uint8Array>, limit: number): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > limit) throw payloadTooLarge(limit);
    yield chunk;
  }
}

/** The file's bytes on their way to the parser, hashed (the Idempotency-Key's request hash). */
async function* hashed(source: AsyncIterable<Uint8Array>, hash: ReturnType<typeof createHash>) {
  for await (const chunk of source) {
    hash.update(chunk);
    yield chunk;
  }
}

function parseBodyPart(text: string): unknown {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalid("The 'body' part is not valid JSON", [{ path: "body", message: "Invalid JSON" }]);
  }
  const unstorable = findUnstorableText(body);
  if (unstorable.length > 0) throw unstorableTextError(unstorable);
  return body;
}

/**
 * Reads a multipart list upload as it arrives: the `file` part (the CSV) streams into the
 * target list `name`; the `body` part (E1 form (a), JSON text) is read whole (<= 1 MiB). When
 * `body` comes first its shape is checked before the file is read, so a bad body costs no upload.
 */
export async function readListUpload(
  c: Context<ApiEnv>,
  ctx: Ctx,
  input: { businessId: string; name: string | undefined; withBody: boolean },
): Promise<ReceivedListUpload> {
  const raw = c.req.raw.body;
  if (!raw) throw invalid("The multipart body is empty", [{ path: "file", message: "Required" }]);
  const limit = env().PROMOTION_LIST_MAX_BYTES + LIST_UPLOAD_OVERHEAD;
  const source = counted(raw as unknown as AsyncIterable<Uint8Array>, limit);
  let ingest: IngestResult | undefined;
  let body: unknown;
  const hash = createHash("sha256");
  for await (const part of multipartParts(source, boundaryOf(c.req.header("content-type") ?? ""))) {
    if (part.name === "file") {
      if (ingest) throw invalid("Send one 'file' part", [{ path: "file", message: "More than one file" }]);
      if (input.withBody && body !== undefined) {
        const checked = launchPromotionInput.safeParse(body);
        if (!checked.success) throw invalidInput(checked.error, "Invalid promotion");
      }
      ingest = await ingestList(ctx, {
        businessId: input.businessId,
        name: input.name ?? "",
        source: hashed(part.body, hash),
        // E1's launch refreshes the rows' statistics itself, and keys a large list's rows after
        // its answer (prepareRecipients).
        analyze: !input.withBody,
        keyLaterAbove: input.withBody ? env().PROMOTION_PREPARE_INLINE_MAX_ROWS : undefined,
      });
    } else if (part.name === "body" && input.withBody) {
      body = parseBodyPart(await partText(part, 1024 * 1024));
    } else {
      for await (const chunk of part.body) void chunk;
    }
  }
  if (!ingest) {
    throw invalid("The CSV file is missing: send it in the multipart part 'file'", [
      { path: "file", message: "Required" },
    ]);
  }
  if (input.withBody && body === undefined) {
    throw invalid("The promotion is missing: send it as JSON text in the multipart part 'body'", [
      { path: "body", message: "Required" },
    ]);
  }
  return { ingest, body, fileSha256: hash.digest("hex") };
}
