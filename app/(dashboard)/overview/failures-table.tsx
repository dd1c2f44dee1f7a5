import Link from "next/link";
import type { MessageOverview } from "@/lib/overview/schemas";
import { messagesHref } from "@/components/overview/status-colors";

/** Failed messages of the last 30 days by the provider's error code, with what it means. */
export function FailuresTable({ m }: { m: MessageOverview }) {
  if (m.failures.length === 0)
    return <p className="text-sm text-slate-600">No failed messages in the last 30 days.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="failures">
        <caption className="sr-only">Failed messages of the last 30 days by error code</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th scope="col" className="py-2 pr-3 font-medium">
              Code
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Reason
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">
              Messages
            </th>
          </tr>
        </thead>
        <tbody>
          {m.failures.map((f) => (
            <tr key={f.errorCode} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-3 font-mono">{f.errorCode || "—"}</td>
              <td className="px-3 py-2 text-slate-700">{f.reason}</td>
              <td className="py-2 pl-3 text-right tabular-nums">
                <Link
                  href={messagesHref(m.starts.last30, m.timeZone, "failed")}
                  className="text-indigo-700 underline-offset-2 hover:underline"
                >
                  {f.count.toLocaleString("en-US")}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
