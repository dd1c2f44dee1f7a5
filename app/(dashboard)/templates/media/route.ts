import { currentUser } from "@/lib/auth/session";
import { userCtx } from "@/lib/auth/user-ctx";
import { AppError } from "@/lib/errors";
import { saveImage } from "@/lib/media/save-image";
import { assertStorableText } from "@/lib/validation/find-unstorable-text";

/**
 * Dashboard image upload for template headers (a route handler, not a server action: images
 * may be 5 MB, above the server-action body limit). Answers the hash the create action takes.
 */
export async function POST(req: Request): Promise<Response> {
  const user = await currentUser();
  if (!user?.businessId) return Response.json({ error: { message: "Sign in again" } }, { status: 401 });
  try {
    const form = await req.formData();
    const file = form.get("file");
    if (!(file instanceof File)) throw new AppError("invalid_request", "Choose an image file");
    assertStorableText(file, "file");
    const saved = await saveImage(userCtx(user), {
      businessId: user.businessId,
      bytes: new Uint8Array(await file.arrayBuffer()),
      fileName: file.name,
      path: "file",
    });
    return Response.json({ sha256: saved.sha256, url: `/templates/media/${saved.sha256}` });
  } catch (err) {
    if (err instanceof AppError)
      return Response.json({ error: { message: err.message } }, { status: err.status });
    throw err;
  }
}
