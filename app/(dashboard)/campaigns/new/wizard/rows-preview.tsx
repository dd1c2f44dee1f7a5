/** The first rows of the audience: every column, in a box that scrolls sideways on its own. */
export function RowsPreview({
  caption,
  columns,
  rows,
  phoneColumn,
}: {
  caption: string;
  columns: string[];
  rows: Record<string, string>[];
  phoneColumn?: string;
}) {
  return (
    <div
      className="max-w-full overflow-x-auto rounded-md border border-slate-200"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="min-w-full text-left text-sm" data-testid="rows-preview">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              #
            </th>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {c}
                {c === phoneColumn ? <span className="ml-1 text-indigo-700 normal-case">(phone)</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r, i) => (
            <tr key={i}>
              <td className="px-3 py-1.5 text-slate-500">{i + 1}</td>
              {columns.map((c) => (
                <td key={c} className="max-w-64 truncate px-3 py-1.5 whitespace-nowrap text-slate-800">
                  {r[c]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
