import type http from "node:http";
import type net from "node:net";

/** How long a closed-for-the-body connection keeps reading (and dropping) what still arrives. */
const LINGER_MS = 2_000;

/**
 * An answer that starts before the request's body has arrived (a refusal at the first bytes of
 * an upload, a 413 at the limit) says `Connection: close`, and the connection is closed after
 * it: the rest of the body is still on its way, so the connection cannot carry another request
 * until all of it has been read, and reading hundreds of megabytes nobody wants is not worth
 * keeping one socket. Without this, Node and @hono/node-server answered `keep-alive`, drained
 * for half a second and then closed the socket under the client's next request.
 *
 * The close lingers (as nginx's lingering_close): the answer is sent and the sending side shut
 * (FIN), then what the client still sends is read and dropped until it closes too or LINGER_MS
 * pass. Node's own close shut the socket with the body's bytes unread in its receive buffer,
 * which makes the kernel send a reset, and a reset can discard the answer before the client has
 * read it: the client saw its upload fail with no 413 (e2e/api/malformed-bodies.spec.ts).
 */
export function closeWhenBodyUnread(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (!mayHaveBody(req)) return;
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!req.complete && !this.headersSent) {
      this.setHeader("connection", "close");
      lingerOnClose(req.socket);
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

function mayHaveBody(req: http.IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/** Node ends a `Connection: close` answer's socket with destroySoon(): shut it, then linger. */
function lingerOnClose(socket: net.Socket): void {
  socket.destroySoon = function (this: net.Socket) {
    const destroy = () => this.destroy();
    const timer = setTimeout(destroy, LINGER_MS);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
    this.once("end", destroy);
    this.on("data", () => undefined);
    this.resume();
    this.end();
  };
}
