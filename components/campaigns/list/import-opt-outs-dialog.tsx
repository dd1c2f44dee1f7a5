"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { useToast } from "@/components/ui/toast";
import type { ImportOptOutsResult } from "@/lib/promotions/opt-outs/import-opt-outs";
import { CsvFileInput } from "./csv-file-input";
import { UploadProgressBar } from "./upload-progress-bar";
import { useCsvUpload } from "./use-csv-upload";

/** "Import CSV": a file of numbers streamed onto the opt-out list; the answer counts and explains. */
export function ImportOptOutsDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Import CSV
      </Button>
      {open ? <ImportForm onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ImportForm({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const { file, setFile, fileError, error, progress, result, send } = useCsvUpload<ImportOptOutsResult>();
  return (
    <FormDialog
      open
      onClose={() => !progress && onClose()}
      title="Import opt-outs from a CSV"
      description="One number per row, or a file with a column named phone (or mobile, msisdn, number). Numbers already on the list stay as they are."
      formId="import-opt-outs"
      onSubmit={async (e) => {
        e.preventDefault();
        if (result) return onClose();
        const data = await send("/campaigns/opt-outs/import");
        if (data)
          toast.show({ tone: "success", title: "Opt-outs imported", description: `${data.added} added` });
      }}
      submitLabel={result ? "Done" : "Import"}
      submitting={progress !== null}
      error={error}
    >
      {result ? (
        <ImportReport result={result} />
      ) : (
        <>
          <CsvFileInput file={file} error={fileError} onChange={setFile} />
          {progress ? <UploadProgressBar progress={progress} label="Opt-out import" /> : null}
        </>
      )}
    </FormDialog>
  );
}

function ImportReport({ result }: { result: ImportOptOutsResult }) {
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <p role="status">
        <strong>{result.added.toLocaleString("en")}</strong> added,{" "}
        <strong>{result.already.toLocaleString("en")}</strong> already on the list,{" "}
        <strong>{result.invalidCount.toLocaleString("en")}</strong> not valid.
      </p>
      {result.invalid.length > 0 ? (
        <Alert tone="warning">
          <p className="font-medium">
            Rows not added{result.invalidCount > result.invalid.length ? " (first 100)" : ""}:
          </p>
          <ul className="mt-1 max-h-40 list-disc space-y-0.5 overflow-y-auto pl-5">
            {result.invalid.map((r) => (
              <li key={r.row}>
                Row {r.row}: {r.phone || "(empty)"}: {r.reason}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </div>
  );
}
