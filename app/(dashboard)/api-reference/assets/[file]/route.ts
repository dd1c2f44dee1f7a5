import { readFile } from "node:fs/promises";
import path from "node:path";

// Swagger UI's browser bundle, served from node_modules: the dashboard must work offline, so
// nothing is loaded from a CDN. Only these files are served.
const files: Record<string, string> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
};

const loaded = new Map<string, Uint8Array>();

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const type = files[file];
  if (!type) return new Response("Not found", { status: 404 });
  let body = loaded.get(file);
  if (!body) {
    body = new Uint8Array(await readFile(path.join(process.cwd(), "node_modules", "swagger-ui-dist", file)));
    loaded.set(file, body);
  }
  return new Response(body as Uint8Array<ArrayBuffer>, {
    headers: { "content-type": type, "cache-control": "public, max-age=86400" },
  });
}
