import { readFile } from "node:fs/promises";
import path from "node:path";
import { routeErrorResponse } from "@/lib/actions/route-error";
import { requireRoute } from "@/lib/auth/guard";
import { notFound } from "@/lib/errors";

// Swagger UI's browser bundle, served from node_modules: the dashboard must work offline, so
// nothing is loaded from a CDN. Only these files are served.
const files: Record<string, string> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
};

const loaded = new Map<string, Uint8Array>();

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  try {
    await requireRoute("GET /api-reference/assets/[file]");
  } catch (err) {
    return routeErrorResponse(err);
  }
  const { file } = await params;
  const type = files[file];
  if (!type) return routeErrorResponse(notFound(`Asset ${file}`));
  let body = loaded.get(file);
  if (!body) {
    body = new Uint8Array(await readFile(path.join(process.cwd(), "node_modules", "swagger-ui-dist", file)));
    loaded.set(file, body);
  }
  return new Response(body as Uint8Array<ArrayBuffer>, {
    headers: { "content-type": type, "cache-control": "private, max-age=86400" },
  });
}
