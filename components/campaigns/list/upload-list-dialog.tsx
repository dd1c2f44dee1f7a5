"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Icon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import type { ListSummary, RejectedRow } from "@/lib/promotions/lists/schemas";
import { CsvFileInput } from "./csv-file-input";
import { UploadProgressBar } from "./upload-progress-bar";
import { useCsvUpload } from "./use-csv-upload";

const schema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Give the list a name")
    .max(200, "At most 200 characters")
    .regex(/^[^\u0000-\u001f\u007f]+$/, "No control characters"),
});
type Uploaded = ListSummary & { rejectedRows: RejectedRow[] };

/**
 * "Upload list": a name and a CSV, streamed to the server with a progress bar; the answer
 * (rows, refused rows) is shown before the dialog closes. A name in use replaces that list.
 */
export function UploadListDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} icon={<Icon name="plus" className="size-4" />}>
        Upload list
      </Button>
      {open ? <UploadListForm onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function UploadListForm({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const { file, setFile, fileError, error, progress, result: done, send } = useCsvUpload<Uploaded>();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { name: "" } });
  const submit = form.handleSubmit(async ({ name }) => {
    const data = await send(`/campaigns/lists/upload?name=${encodeURIComponent(name)}`);
    if (data) {
      toast.show({
        tone: "success",
        title: "List uploaded",
        description: `${data.name}: ${data.rowCount} rows`,
      });
    }
  });
  if (done) {
    return (
      <FormDialog
        open
        onClose={onClose}
        title={`List “${done.name}” uploaded`}
        formId="upload-list-done"
        onSubmit={(e) => {
          e.preventDefault();
          onClose();
        }}
        submitLabel="Done"
        submitting={false}
      >
        <p className="text-sm text-slate-700">
          {done.rowCount.toLocaleString("en")} rows accepted, {done.rejectedCount.toLocaleString("en")}{" "}
          refused. Columns: {done.columns.join(", ")} (phone column: {done.phoneColumn}).
        </p>
        {done.rejectedRows.length > 0 ? (
          <Alert tone="warning">
            First refused rows:{" "}
            {done.rejectedRows
              .slice(0, 5)
              .map((r) => `row ${r.rowNumber} (${r.reason})`)
              .join("; ")}
            . Download them all from the table.
          </Alert>
        ) : null}
      </FormDialog>
    );
  }
  return (
    <FormDialog
      open
      onClose={() => !progress && onClose()}
      title="Upload a list"
      description="A CSV with a header row and a phone column (phone, mobile, msisdn or number). Every column can be used in a template as ${column}. Uploading a name in use replaces that list."
      formId="upload-list"
      onSubmit={submit}
      submitLabel="Upload"
      submitting={progress !== null}
      error={error}
    >
      <FormField form={form} name="name" label="List name" required autoFocus />
      <CsvFileInput
        file={file}
        error={fileError}
        onChange={(f) => {
          setFile(f);
          if (f && !form.getValues("name")) form.setValue("name", f.name.replace(/\.csv$/i, ""));
        }}
      />
      {progress ? <UploadProgressBar progress={progress} label="List upload" /> : null}
    </FormDialog>
  );
}
