"use client";

import { useRef, useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import {
  previewAudienceAction,
  previewListAction,
  profilesListAction,
} from "@/app/(dashboard)/campaigns/new/actions";
import type { WizardTarget } from "@/lib/promotions/wizard/preview-audience";
import type { ErrorDetail } from "@/lib/errors";
import { detectPhoneColumn, readCsvHead, type CsvHead } from "./csv-head";
import { uploadWithProgress } from "@/components/ui/upload-with-progress";
import type { WizardUpload } from "@/lib/promotions/lists/upload-wizard-list";
import type { Audience, WizardForm } from "./wizard-form";

/** What the audience was made from: a change of any of these makes the dry run stale. */
function audienceKey(v: WizardForm, fileName: string): string {
  if (v.source === "csv")
    return ["csv", fileName, v.listName.trim(), v.phoneColumn, v.defaultCountry].join("|");
  if (v.source === "list") return ["list", v.listName].join("|");
  if (v.source === "segment") return ["segment", v.segmentId].join("|");
  if (v.source === "tags") return ["tags", v.tagSearchCriteria, ...v.tags].join("|");
  return ["profiles", v.listName.trim(), v.city, v.gender, v.minAge, v.maxAge].join("|");
}

/** E1's audience fields of a segment or tags source (null for the list sources). */
export function targetOf(v: WizardForm): WizardTarget | null {
  if (v.source === "segment") return { targetSource: "SEGMENT", segmentId: v.segmentId };
  if (v.source === "tags")
    return { targetSource: "TAGS", tags: v.tags, tagSearchCriteria: v.tagSearchCriteria };
  return null;
}

/** A list name from a file name: "Diwali offers.csv" -> "Diwali offers". */
const nameOfFile = (name: string) =>
  name
    .replace(/\.[^.]*$/, "")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .slice(0, 200);

/**
 * The wizard's audience: the CSV picked (its head read in the browser), and the stored list the
 * later steps use (dry run of the CSV, a list of the business, or profiles written into a list)
 * with its first rows and totals. `onErrors` puts server errors on the wizard's fields.
 */
export function useWizardAudience(
  form: UseFormReturn<WizardForm>,
  onErrors: (message: string, details: ErrorDetail[]) => void,
) {
  const [file, setFile] = useState<File | null>(null);
  const [head, setHead] = useState<CsvHead | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [stored, setStored] = useState<{ key: string; data: Audience } | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<(() => void) | null>(null);
  const values = useWatch({ control: form.control }) as WizardForm;
  const fileName = file?.name ?? "";
  // In the audience's answers `name` is the list's name, not the campaign's.
  const listErrors = (message: string, details: ErrorDetail[]) =>
    onErrors(
      message,
      details.map((d) => (d.path === "name" ? { ...d, path: "listName" } : d)),
    );
  const audience = stored && stored.key === audienceKey(values, fileName) ? stored.data : null;

  async function load(name: string) {
    const res = await previewListAction(name);
    if (!res.ok) return listErrors(res.message, res.fieldErrors);
    setStored({ key: audienceKey(form.getValues(), fileName), data: res.data });
  }

  async function onFile(f: File | undefined) {
    setFile(f ?? null);
    setHead(null);
    setFileError(null);
    if (!f) return;
    try {
      const h = await readCsvHead(f);
      setHead(h);
      if (!form.getValues("listName").trim())
        form.setValue("listName", nameOfFile(f.name), { shouldValidate: true });
      form.setValue("phoneColumn", detectPhoneColumn(h.columns));
    } catch (err) {
      setFileError(
        `Could not read ${f.name}: ${(err as Error).message}. Choose a CSV file with a header row.`,
      );
    }
  }

  async function pickList(name: string) {
    if (!name) return form.setError("listName", { message: "Choose a list" });
    setBusy(true);
    try {
      await load(name);
    } finally {
      setBusy(false);
    }
  }

  async function buildProfiles() {
    if (!(await form.trigger(["listName", "city", "gender", "minAge", "maxAge"]))) return;
    const v = form.getValues();
    const age = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? undefined : n);
    setBusy(true);
    try {
      const res = await profilesListAction({
        name: v.listName.trim(),
        city: v.city.trim() || undefined,
        gender: v.gender.trim() || undefined,
        minAge: age(v.minAge),
        maxAge: age(v.maxAge),
      });
      if (!res.ok) return listErrors(res.message, res.fieldErrors);
      setStored({ key: audienceKey(form.getValues(), fileName), data: res.data });
    } finally {
      setBusy(false);
    }
  }

  /**
   * A segment's or tags' live count and first matches (the launch's snapshot, rolled back);
   * whether it was counted.
   */
  async function loadTarget(): Promise<boolean> {
    const v = form.getValues();
    const target = targetOf(v);
    if (!target) return false;
    const key = audienceKey(v, fileName);
    setBusy(true);
    try {
      const res = await previewAudienceAction(target);
      // Answered after another pick: the newer one's answer counts.
      if (audienceKey(form.getValues(), fileName) !== key) return false;
      if (!res.ok) {
        onErrors(res.message, res.fieldErrors);
        return false;
      }
      form.clearErrors(["segmentId", "tags"]);
      setStored({ key, data: res.data });
      return true;
    } finally {
      setBusy(false);
    }
  }

  async function dryRun() {
    const v = form.getValues();
    if (!file) return setFileError("Choose a CSV file first");
    if (!v.phoneColumn)
      return form.setError("phoneColumn", { message: "Choose the column that holds the phone numbers" });
    setBusy(true);
    setProgress(0);
    const query = new URLSearchParams({ name: v.listName.trim(), phoneColumn: v.phoneColumn });
    if (v.defaultCountry) query.set("defaultCountry", v.defaultCountry);
    const upload = uploadWithProgress<WizardUpload>(`/campaigns/new/upload?${query.toString()}`, file, (p) =>
      setProgress(p.total > 0 ? p.loaded / p.total : 0),
    );
    abort.current = upload.abort;
    try {
      const res = await upload.done;
      if (!res.ok) return listErrors(res.error.message, res.error.details);
      await load(res.data.list.name);
    } finally {
      abort.current = null;
      setBusy(false);
      setProgress(null);
    }
  }

  return {
    file,
    fileName,
    head,
    fileError,
    setFileError,
    audience,
    busy,
    progress,
    onFile,
    pickList,
    buildProfiles,
    loadTarget,
    dryRun,
    cancelUpload: () => abort.current?.(),
  };
}
