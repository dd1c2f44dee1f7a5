import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { MAX_REPLY_DOCUMENT_BYTES, saveReplyAttachment } from "@/lib/conversations/reply-media";
import { AppError } from "@/lib/errors";
import { readUploadForm } from "@/lib/http/read-upload-form";
import { assertStorableText } from "@/lib/validation/find-unstorable-text";

/**
 * The composer's attachment upload (a route handler, not a server action: files may be 16 MB,
 * above the server-action body limit). Answers what the reply then sends: the media type, the
 * address the provider fetches and the file's name.
 */
export async function POST(req: Request): Promise<Response> {
  try {
    const user = await requireRoute("POST /inbox/media");
    const form = await readUploadForm(req, {
      // The form's boundary and name fields on top of the file.
      limit: MAX_REPLY_DOCUMENT_BYTES + 64 * 1024,
      tooLarge: "Attachments may be at most 16 MB",
    });
    const file = form.get("file");
    if (!(file instanceof File)) throw new AppError("invalid_request", "Choose a file to attach");
    assertStorableText(file, "file");
    const attachment = await saveReplyAttachment(userCtx(user), {
      businessId: user.businessId,
      bytes: new Uint8Array(await file.arrayBuffer()),
      fileName: file.name,
    });
    return Response.json(attachment);
  } catch (err) {
    return routeErrorResponse(err);
  }
}
