import http from "node:http";
import { routeErrorResponse } from "../actions/route-error";
import { routes } from "../auth/access";
import { AppError, invalid } from "../errors";
import { payloadTooLarge } from "../http/request-body-limit";
import { decodeUtf8 } from "../validation/decode-utf8";
import { jsonDepth } from "../validation/json-depth";

/** Next.js's server-action body limit (`serverActions.bodySizeLimit`, unset: 1 MB). */
export const SERVER_ACTION_BODY_LIMIT = 1024 * 1024;
/** Deeper than any dashboard form's arguments; React's decodeReply recurses per level. */
export const SERVER_ACTION_MAX_DEPTH = 64;

const TEXT = /^text\/plain\b/i;
const MULTIPART = /^multipart\/form-data\b/i;

/** The dashboard's POST route handlers (the role table names every one), which read their own bodies. */
const POST_ROUTES = Object.keys(routes)
  .filter((key) => key.startsWith("POST "))
  .map((key) => {
    const pattern = key
      .slice("POST ".length)
      .split("/")
      .map((seg) => (seg.startsWith("[...") ? ".+" : seg.startsWith("[") ? "[^/]+" : seg))
      .join("/");
    return new RegExp(`^${pattern}/?$`);
  });

/**
 * A request Next.js decodes as a server action: a POST with the Next-Action header (the
 * dashboard's client), or any other multipart POST to a page, which Next.js tries as a form's
 * action (posted without JavaScript). The route handlers' own POSTs are not.
 */
export function isServerActionRequest(req: http.IncomingMessage): boolean {
  if (req.method !== "POST") return false;
  if (req.headers["next-action"] !== undefined) return true;
  const path = (req.url ?? "/").split("?")[0]!;
  return MULTIPART.test(req.headers["content-type"] ?? "") && !POST_ROUTES.some((r) => r.test(path));
}

/**
 * Checks a server action's body before Next.js decodes it, and answers the documented error
 * (the API's body, as the dashboard's routes answer) instead of the 500 Next.js gives any
 * decoding failure: 413 past the limit (declared or counted as it arrives), 415 for a body
 * React's client never sends, 400 for text (arguments or form fields) that is not UTF-8 or not JSON, a form that does not
 * parse, or arguments nested deeper than SERVER_ACTION_MAX_DEPTH. A body that passes is handed
 * to Next.js byte for byte.
 */
export async function guardServerAction(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  web: (req: http.IncomingMessage, res: http.ServerResponse) => unknown,
): Promise<void> {
  let body: Buffer;
  try {
    const type = req.headers["content-type"] ?? "";
    if (!TEXT.test(type) && !MULTIPART.test(type)) {
      throw new AppError(
        "unsupported_media_type",
        `Unsupported Content-Type '${type.split(";")[0] || "(none)"}' for a server action: send text/plain or multipart/form-data`,
      );
    }
    body = await readWithin(req, SERVER_ACTION_BODY_LIMIT);
    if (TEXT.test(type)) checkArguments(decodeUtf8(body), "The action's arguments");
    else await checkForm(body, type);
  } catch (err) {
    // Anything else is the connection failing under the body (a client gone): nobody to answer.
    if (!(err instanceof AppError)) return void res.destroy();
    return sendError(res, err);
  }
  return void web(replay(req, body), res);
}

function checkArguments(text: string, what: string): void {
  if (jsonDepth(text) > SERVER_ACTION_MAX_DEPTH) {
    throw invalid(`${what} nest deeper than ${SERVER_ACTION_MAX_DEPTH} levels`);
  }
  try {
    JSON.parse(text);
  } catch {
    throw invalid(`${what} are not valid JSON`);
  }
}

const REPLACEMENT = Buffer.from("\uFFFD", "utf8");

/** React's multipart reply: rows named by number hold JSON; other fields are the user's values. */
async function checkForm(body: Buffer, type: string): Promise<void> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
  } catch {
    throw invalid("Malformed multipart/form-data body");
  }
  // The form decoder replaces bytes that are not UTF-8 with U+FFFD: a field holding one that the
  // body never spelled (as EF BF BD) was not UTF-8 text, and would be stored altered.
  const spelled = body.includes(REPLACEMENT);
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    if (!spelled && value.includes("\uFFFD")) throw invalid(`Form field ${name} is not UTF-8 text`);
    if (/^\d+$/.test(name)) checkArguments(value, `Argument row ${name}`);
  }
}

/**
 * The body, at most `limit` bytes. Read by events, not `for await`: leaving an async iterator
 * early destroys the stream, and with it the socket the 413 is to be written on. Past the
 * limit the request is paused and the answer closes the connection (close-when-body-unread.ts).
 */
function readWithin(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  const declared = req.headers["transfer-encoding"] ? undefined : req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(payloadTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off("data", onData).off("end", onEnd).off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      done();
      req.pause();
      reject(payloadTooLarge(limit));
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks));
    };
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    req.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

/** The request again, its body the bytes already read, for Next.js to read as usual. */
function replay(req: http.IncomingMessage, body: Buffer): http.IncomingMessage {
  const copy = new http.IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.headers = req.headers;
  copy.rawHeaders = req.rawHeaders;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.push(body);
  copy.push(null);
  copy.complete = true;
  return copy;
}

async function sendError(res: http.ServerResponse, err: AppError): Promise<void> {
  const answer = routeErrorResponse(err);
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(await answer.text());
}
