"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { deleteTargetList } from "@/lib/promotions/dashboard/delete-target-list";

/** Deletes a list after the table's confirmation; launched promotions keep their recipients. */
export const deleteListAction = defineAction(
  { action: "deleteListAction", input: z.string(), revalidate: ["/campaigns/lists"] },
  async (id, { ctx, businessId }) => deleteTargetList(ctx, businessId, id),
);
