import { boundaryOf } from "./multipart-stream";
import { AppError, invalid } from "../errors";
import { payloadTooLarge, readBodyWithin } from "./request-body-limit";

const MULTIPART = /^multipart\/form-data\b/i;

/**
 * A dashboard upload's multipart/form-data body, parsed: the documented 415 for another
 * Content-Type, 413 past `limit` bytes (counted as they arrive, see readBodyWithin), 400 for
 * a missing boundary or a body that is not a well-formed form. Request.formData() throws a
 * TypeError for each of these, which Next.js answered 500.
 */
export async function readUploadForm(
  req: Request,
  opts: { limit: number; tooLarge: string },
): Promise<FormData> {
  const type = req.headers.get("content-type") ?? "";
  if (!MULTIPART.test(type)) {
    throw new AppError(
      "unsupported_media_type",
      `Unsupported Content-Type '${type.split(";")[0] || "(none)"}': send the file as multipart/form-data`,
    );
  }
  boundaryOf(type);
  const bytes = await readBodyWithin(req, opts.limit, () => payloadTooLarge(opts.limit, opts.tooLarge));
  try {
    return await new Response(bytes, { headers: { "content-type": type } }).formData();
  } catch {
    throw invalid("Malformed multipart/form-data body: send the file as a form field named 'file'", [
      { path: "file", message: "Unreadable form body" },
    ]);
  }
}
