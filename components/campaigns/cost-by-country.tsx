import { SimpleTable } from "@/components/campaigns/simple-table";
import type { CostByCard } from "@/lib/economics/cost/price-numbers";

/** Countries listed; the rest are summed in one row. */
const SHOWN = 8;

export const formatMoney = (value: number, currency: string) =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    maximumFractionDigits: value < 1 ? 4 : 2,
  }).format(value);

const countryName = (code: string | null) => {
  if (!code) return "Unknown country";
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
};

/**
 * A cost by the rate card, by country (the wizard's estimate and the campaign page's cost):
 * the total, the card it came from, and the most expensive countries with their rate.
 */
export function CostByCountry({ cost, caption }: { cost: CostByCard; caption: string }) {
  const shown = cost.byCountry.slice(0, SHOWN);
  const rest = cost.byCountry.slice(SHOWN);
  const rows = shown.map((l) => ({
    key: `${l.country ?? `?${l.market}`}|${l.category}`,
    cells: [
      countryName(l.country),
      l.market,
      l.messages.toLocaleString("en-US"),
      `${formatMoney(l.rate, cost.currency)} ${l.category}`,
      formatMoney(l.cost, cost.currency),
    ],
  }));
  if (rest.length > 0) {
    const messages = rest.reduce((s, l) => s + l.messages, 0);
    const total = rest.reduce((s, l) => s + l.cost, 0);
    rows.push({
      key: "rest",
      cells: [
        `${rest.length} more countries`,
        "",
        messages.toLocaleString("en-US"),
        "",
        formatMoney(total, cost.currency),
      ],
    });
  }
  return (
    <SimpleTable
      caption={caption}
      testId="cost-by-country"
      columns={[
        { header: "Country" },
        { header: "Market" },
        { header: "Messages", numeric: true },
        { header: "Rate", numeric: true },
        { header: "Cost", numeric: true },
      ]}
      rows={rows.map((r) => ({
        key: r.key,
        cells: r.cells.map((c, i) => (
          <span key={i} className={i >= 2 ? "block text-right tabular-nums" : "[overflow-wrap:anywhere]"}>
            {c}
          </span>
        )),
      }))}
    />
  );
}
