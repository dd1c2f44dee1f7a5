import { z } from "zod";

/**
 * The hashes of a template's uploaded images as a dashboard action receives them: an action's
 * arguments are untrusted, so anything but a list is none, and each entry is read as text.
 */
export const imageHashes = z.unknown().transform((v) => (Array.isArray(v) ? v.map(String) : []));
