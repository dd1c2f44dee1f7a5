import { describe, expectTypeOf, it } from "vitest";
import type { conversations } from "@/db/schema";
import type { ColumnsOf, RowOf } from "./row-of";

// Checked by the type checker (npx tsc --noEmit): a raw row's keys are the table's column names.
describe("RowOf", () => {
  it("keys a table's row by its column names, typed as the table declares them", () => {
    type Row = RowOf<typeof conversations>;
    expectTypeOf<Row["customer_name"]>().toEqualTypeOf<string | null>();
    expectTypeOf<Row["last_message_at"]>().toEqualTypeOf<Date>();
    expectTypeOf<"customerName" extends keyof Row ? true : false>().toEqualTypeOf<false>();
    expectTypeOf<ColumnsOf<typeof conversations, { unread: number }>>().toEqualTypeOf<true>();
    expectTypeOf<ColumnsOf<typeof conversations, { unread_count: number }>>().toEqualTypeOf<never>();
  });
});
