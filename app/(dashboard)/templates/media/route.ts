import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { AppError } from "@/lib/errors";
import { readUploadForm } from "@/lib/http/read-upload-form";
import { saveImage } from "@/lib/media/save-image";
import { MAX_SAMPLE_BYTES, saveSample } from "@/lib/media/save-sample";
import { assertStorableText } from "@/lib/validation/find-unstorable-text";

/**
 * Dashboard image upload for template headers (a route handler, not a server action: images
 * may be 5 MB, above the server-action body limit). Answers the hash the create action takes.
 * With `format` DOCUMENT or VIDEO the file is that header's sample (a PDF or an MP4).
 */
export async function POST(req: Request): Promise<Response> {
  try {
    const user = await requireRoute("POST /templates/media");
    // The largest file the route takes (a video or document sample), with the form around it.
    const form = await readUploadForm(req, {
      limit: MAX_SAMPLE_BYTES + 64 * 1024,
      tooLarge: "Files may be at most 16 MB (images 5 MB)",
    });
    const file = form.get("file");
    if (!(file instanceof File)) throw new AppError("invalid_request", "Choose an image file");
    assertStorableText(file, "file");
    const format = form.get("format");
    const input = {
      businessId: user.businessId,
      bytes: new Uint8Array(await file.arrayBuffer()),
      fileName: file.name,
      path: "file",
    };
    const saved =
      format === "DOCUMENT" || format === "VIDEO"
        ? await saveSample(userCtx(user), { ...input, format })
        : await saveImage(userCtx(user), input);
    return Response.json({ sha256: saved.sha256, url: `/templates/media/${saved.sha256}` });
  } catch (err) {
    return routeErrorResponse(err);
  }
}
