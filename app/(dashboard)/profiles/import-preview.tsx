import { FIELDS, PREVIEW_HEADERS, type Mapping } from "./import-fields";

/** The first rows as they will be sent; fields without a column are dimmed. */
type PreviewRow = Record<string, string> & { tags?: string[]; attributes?: Record<string, string> };

export function ImportPreview({ rows, mapping }: { rows: PreviewRow[]; mapping: Mapping }) {
  const withTags = rows.some((r) => r.tags?.length);
  const withAttributes = rows.some((r) => r.attributes);
  return (
    <div className="overflow-x-auto rounded-md ring-1 ring-slate-200">
      <table className="min-w-full text-xs" aria-label="Preview of the first rows">
        <caption className="bg-slate-50 px-2 py-1 text-left text-xs text-slate-600">
          Preview of the first {rows.length} rows as they will be imported
        </caption>
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            {FIELDS.map((f) => (
              <th
                key={f.key}
                scope="col"
                className={`px-2 py-1 font-medium whitespace-nowrap ${
                  mapping[f.key] || f.key === "countrycode" ? "" : "text-slate-400"
                }`}
              >
                {PREVIEW_HEADERS[f.key]}
              </th>
            ))}
            {withTags ? (
              <th scope="col" className="px-2 py-1 font-medium whitespace-nowrap">
                Tags
              </th>
            ) : null}
            {withAttributes ? (
              <th scope="col" className="px-2 py-1 font-medium whitespace-nowrap">
                Attributes
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-t border-slate-100">
              {FIELDS.map((f) => (
                <td key={f.key} className="px-2 py-1 whitespace-nowrap text-slate-800">
                  {r[f.key] ? r[f.key] : <span className="text-slate-300">—</span>}
                </td>
              ))}
              {withTags ? <td className="px-2 py-1 whitespace-nowrap">{r.tags?.join(", ") ?? "—"}</td> : null}
              {withAttributes ? (
                <td className="px-2 py-1 whitespace-nowrap">
                  {Object.entries(r.attributes ?? {})
                    .map(([k, v]) => `${k}: ${v}`)
                    .join("; ") || "—"}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
