/** Saves `data` as a JSON file in the browser (an export). */
export function downloadJson(fileName: string, data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const fileNameOf = (name: string) =>
  `${name.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-|-$/g, "") || "flow"}.flow.json`;
