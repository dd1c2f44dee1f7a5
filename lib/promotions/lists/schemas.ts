import { z } from "zod";

/**
 * A target list's name (E1 `?name=`): unique per business, shown back as the promotion's
 * `targetType`. Control characters are refused: names starting with U+0001 are the uploads
 * still in progress (lib/promotions/lists/ingest-list.ts).
 */
export const listName = z
  .string({ error: "Required: the target list name" })
  .trim()
  .min(1, "Required: the target list name")
  .max(200, "At most 200 characters")
  .regex(/^[^\u0000-\u001f\u007f]+$/, "Must not contain control characters");

/** How many refused rows an answer lists (all of them are stored with the list). */
export const REJECTS_SHOWN = 100;

export type ListSummary = {
  id: string;
  name: string;
  columns: string[];
  phoneColumn: string;
  rowCount: number;
  rejectedCount: number;
};

export type RejectedRow = { rowNumber: number; reason: string };
