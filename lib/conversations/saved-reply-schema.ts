import { z } from "zod";
import { MAX_TEXT } from "./limits";

/** A saved reply as the Settings form and the domain read it; the name is its `/shortcut`. */
export const SavedReplyInput = z.object({
  name: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, "1-32 letters, digits, - or _, no spaces (typed as /name)"),
  text: z.string().trim().min(1, "Write the reply").max(MAX_TEXT, `At most ${MAX_TEXT} characters`),
});
export type SavedReplyInput = z.input<typeof SavedReplyInput>;

export type SavedReply = { id: string; name: string; text: string };
