const fromColumn = (column: string) => ({ type: "text", value: `\${${column}}` });

/**
 * The campaign template the e2e specs and the benches launch with: the approved order template
 * (e2e's `ORDER_BODY`, "Hello {{1}}, your order {{2}} has shipped."), its two variables filled
 * from each list row's `name` and `order` columns.
 */
export const orderTemplate = (name: string) => ({
  name,
  language: "en_US",
  components: [{ type: "BODY", variables: [fromColumn("name"), fromColumn("order")] }],
});
