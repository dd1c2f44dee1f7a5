"use client";

import { useEffect, useState } from "react";
import { launchDryRunAction } from "@/app/(dashboard)/campaigns/new/actions";
import { SimpleTable } from "@/components/campaigns/simple-table";
import { CostByCountry, formatMoney } from "@/components/campaigns/cost-by-country";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import type { LaunchDryRun } from "@/lib/promotions/launch/launch-dry-run";

const n = (v: number) => v.toLocaleString("en-US");

/** Refused rows listed on the page; the CSV has all of them. */
const SHOWN = 20;

/**
 * The totals every later page shows: rows = refused + opted out + held out + will be sent (the
 * A/B holdout shown only with one). A segment's or tags' audience has no file: its rows are the
 * subscribers matched at this moment.
 */
export function dryRunTotals(d: LaunchDryRun, fromProfiles = false) {
  return [
    ["rows", fromProfiles ? "Subscribers in the audience" : "Rows in the file", d.rows],
    ["refused", "Refused", d.refused],
    ["optout", "Opted out (never sent)", d.optedOut],
    ...(d.holdout > 0 ? [["holdout", "Held out (A/B, never sent)", d.holdout] as const] : []),
    ["send", "Will be sent", d.willSend],
  ] as const;
}

/**
 * The dry run with the chosen message (review step): E1's checks and counts on the server for
 * this body, so a row with an empty cell in a column a variable takes its value from is
 * refused here, with the variable and the column in its reason, not left out at launch.
 */
export function LaunchDryRunPanel({
  listName,
  listId,
  body,
  onResult,
}: {
  listName: string;
  listId: string;
  body: unknown;
  onResult?: (d: LaunchDryRun | null) => void;
}) {
  const key = JSON.stringify(body);
  const [state, setState] = useState<{ key: string; data?: LaunchDryRun; error?: string } | null>(null);
  useEffect(() => {
    let live = true;
    void launchDryRunAction({ listName, body: JSON.parse(key) as unknown }).then((res) => {
      if (!live) return;
      setState(res.ok ? { key, data: res.data } : { key, error: res.message });
      onResult?.(res.ok ? res.data : null);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per list and body
  }, [listName, key]);

  if (!state || state.key !== key) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
        <Spinner className="size-4 text-indigo-600" /> Checking every row with this message…
      </p>
    );
  }
  if (state.error || !state.data) return <Alert tone="danger">{state.error}</Alert>;
  const d = state.data;
  const href = `/campaigns/new/rejects/${listId}?vars=${encodeURIComponent(JSON.stringify(d.variables))}`;
  return (
    <section aria-labelledby="launch-dry-run-heading" className="min-w-0 space-y-3">
      <h3 id="launch-dry-run-heading" className="text-base font-semibold text-slate-900">
        Dry run with this message
      </h3>
      <dl
        className={`grid grid-cols-2 gap-3 ${d.holdout > 0 ? "lg:grid-cols-5" : "lg:grid-cols-4"}`}
        data-testid="launch-dry-run"
      >
        {dryRunTotals(d, !listName).map(([id, label, value]) => (
          <div key={id} className="min-w-0 rounded-md border border-slate-200 bg-white p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums" data-testid={`dry-${id}`}>
              {n(value)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700" data-testid="dry-refused-split">
        Refused: {n(d.invalid)} invalid, {n(d.duplicates)} duplicate, {n(d.missing)} with an empty cell for a
        variable of the message. Nothing is sent to a refused row.
      </p>
      {d.holdout > 0 || d.arms.heldForWinner > 0 ? (
        <p className="text-sm text-slate-700" data-testid="dry-holdout-split">
          {d.holdout > 0
            ? `${n(d.holdout)} drawn into the A/B test's holdout are never sent, so the test can measure what the message changed. `
            : ""}
          {d.arms.heldForWinner > 0
            ? `Of the ${n(d.willSend)} to be sent, ${n(d.arms.heldForWinner)} wait for the winning variant. `
            : ""}
          {d.arms.exact
            ? "The launch draws exactly these."
            : "The launch's draw may differ by one recipient per country code."}
        </p>
      ) : null}
      {d.cost ? (
        <div className="space-y-2" data-testid="dry-cost">
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900" data-testid="dry-cost-total">
              Estimated cost {formatMoney(d.cost.total, d.cost.currency)}
            </span>{" "}
            if all {n(d.cost.messages)} messages are delivered, at the {d.cost.category} rates of{" "}
            {d.cost.card.name} (effective {d.cost.card.effective}). Meta charges a template when it is
            delivered; the campaign page shows what delivery cost.
          </p>
          <CostByCountry cost={d.cost} caption="Estimated cost by country" />
        </div>
      ) : null}
      {d.refused > 0 ? (
        <>
          <SimpleTable
            caption={`First refused rows (${n(Math.min(SHOWN, d.refused))} of ${n(d.refused)})`}
            testId="dry-refused-rows"
            columns={[{ header: "Row", numeric: true }, { header: "Reason" }]}
            rows={d.refusedRows.slice(0, SHOWN).map((r) => ({
              key: String(r.rowNumber),
              cells: [
                <span key="n" className="tabular-nums">
                  {r.rowNumber}
                </span>,
                <span key="r" className="[overflow-wrap:anywhere]">
                  {r.reason}
                </span>,
              ],
            }))}
          />
          {/* A segment's or tags' snapshot is not stored before the launch: the table has its rows. */}
          {listId ? (
            <a
              href={href}
              download
              data-testid="dry-refused-csv"
              className="inline-block text-sm font-medium text-indigo-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              Download the {n(d.refused)} refused rows (CSV, with reasons)
            </a>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-emerald-700">
          {d.holdout > 0
            ? "Every row will be sent, is opted out or is held out."
            : "Every row will be sent or is opted out."}
        </p>
      )}
    </section>
  );
}
