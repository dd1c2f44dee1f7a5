"use client";

import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import type { ActionResult } from "@/lib/actions/action-result";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import type { SegmentMember } from "@/lib/audiences/segments/segment-matches";
import { SegmentDefinition } from "@/lib/audiences/segments/definition";
import { countDefinitionAction } from "./actions";
import { toDefinition, type AttributeChoice, type SegmentDraft } from "./segment-draft";

/** How long the definition stays unchanged before it is counted. */
const DEBOUNCE_MS = 600;

type Counted = { count: number; sample: SegmentMember[] };

/**
 * How many subscribers the definition matches now, and the first few, counted on the server
 * (the same check and compiler as a save and a launch) a moment after each change.
 */
export function LiveCount({
  form,
  attributes,
}: {
  form: UseFormReturn<SegmentDraft>;
  attributes: AttributeChoice[];
}) {
  const draft = useWatch({ control: form.control, name: "definition" });
  const key = JSON.stringify(draft);
  // The definition to count, or null while a condition is incomplete (the schema's own check).
  const definition = useMemo(() => {
    const parsed = SegmentDefinition.safeParse(toDefinition(JSON.parse(key), attributes));
    return parsed.success ? JSON.stringify(parsed.data) : null;
  }, [key, attributes]);
  const [result, setResult] = useState<{ for: string; res: ActionResult<Counted> } | null>(null);
  const [lastOk, setLastOk] = useState<Counted | null>(null);

  useEffect(() => {
    if (!definition) return;
    let current = true;
    const timer = setTimeout(async () => {
      const res = await countDefinitionAction(JSON.parse(definition));
      if (!current) return;
      setResult({ for: definition, res });
      if (res.ok) {
        setLastOk(res.data);
        form.clearErrors("definition");
        return;
      }
      // The server's rules (an operator that does not fit, an unknown tag) land on their controls.
      for (const d of res.fieldErrors) {
        if (d.path.startsWith("definition.")) {
          form.setError(d.path as "definition", { type: "server", message: d.message });
        }
      }
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [definition, form]);

  const loading = definition !== null && result?.for !== definition;
  const failed = definition !== null && result?.for === definition && !result.res.ok ? result.res : null;
  const shown = definition === null || failed ? null : lastOk;
  return (
    <Card className="lg:sticky lg:top-6">
      <CardHeader title="Matching subscribers" description="Counted live as you change the conditions." />
      <CardBody className="space-y-3">
        <div aria-live="polite" aria-atomic="true" className="flex min-h-8 items-center gap-2">
          {definition === null ? (
            <p className="text-sm text-slate-600">Complete every condition to see how many match.</p>
          ) : failed ? (
            <p className="text-sm font-medium text-red-700">
              {failed.fieldErrors.length > 0 &&
              failed.fieldErrors.every((d) => d.path.startsWith("definition."))
                ? "Cannot count yet: fix the conditions marked in red."
                : `Cannot count: ${failed.message}`}
            </p>
          ) : shown ? (
            <p className="text-2xl font-semibold text-slate-900" data-testid="segment-count">
              {shown.count.toLocaleString("en-GB")}{" "}
              <span className="text-sm font-normal text-slate-600">
                {shown.count === 1 ? "subscriber matches" : "subscribers match"}
              </span>
            </p>
          ) : null}
          {loading ? <Spinner label="Counting" /> : null}
        </div>
        {shown && shown.sample.length > 0 ? (
          <div>
            <h3 className="mb-1 text-sm font-medium text-slate-800">
              {shown.count > shown.sample.length
                ? `The first ${shown.sample.length}`
                : shown.count === 1
                  ? "Who it is"
                  : `All ${shown.count}`}
            </h3>
            <ul aria-label="Sample of matching subscribers" className="divide-y divide-slate-100 text-sm">
              {shown.sample.map((m) => (
                <li key={m.id} className="flex flex-wrap justify-between gap-2 py-1.5">
                  <Link href={`/profiles/${m.phone}`} className="font-medium text-indigo-700 hover:underline">
                    +{m.phone}
                  </Link>
                  <span className="text-slate-600">{m.name ?? "—"}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
