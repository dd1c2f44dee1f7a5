import type http from "node:http";

/**
 * An answer that starts before the request's body has arrived (a refusal at the first bytes of
 * an upload, a 413 at the limit) says `Connection: close`, and the connection is closed after
 * it: the rest of the body is still on its way, so the connection cannot carry another request
 * until all of it has been read, and reading hundreds of megabytes nobody wants is not worth
 * keeping one socket. Without this, Node and @hono/node-server answered `keep-alive`, drained
 * for half a second and then closed the socket under the client's next request.
 */
export function closeWhenBodyUnread(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (!mayHaveBody(req)) return;
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!req.complete && !this.headersSent) this.setHeader("connection", "close");
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

function mayHaveBody(req: http.IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}
