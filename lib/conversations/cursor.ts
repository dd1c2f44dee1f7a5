/** Keyset cursors: the position (a time in ms and an id) of the last item of a page, opaque. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${new Date(at).getTime()}:${id}`).toString("base64url");
}

export function decodeCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const m = /^(\d{1,15}):([0-9a-f-]{36})$/.exec(Buffer.from(cursor, "base64url").toString());
  return m ? { at: new Date(Number(m[1])), id: m[2]! } : null;
}
