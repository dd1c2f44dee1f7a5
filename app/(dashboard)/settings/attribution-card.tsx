"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { cn, focusRing } from "@/components/ui/cn";
import { useToast } from "@/components/ui/toast";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { attributionModel, type AttributionModel } from "@/lib/economics/conversions/attribution-models";
import { setAttributionModelAction } from "./actions";

const MODELS: { value: AttributionModel; label: string; hint: string }[] = [
  {
    value: "last_touch",
    label: "Last message (last touch)",
    hint: "A conversion goes to the last campaign message the number was sent within that campaign's attribution window.",
  },
  {
    value: "last_click",
    label: "Last click",
    hint: "A conversion goes to the campaign whose tracked link the number last tapped within that campaign's attribution window; link previews and bots never count. Without such a click it stays unattributed.",
  },
];

const form = z.object({ model: attributionModel });

/** "Conversion attribution": how a conversion posted through the API finds its campaign. */
export function AttributionCard({ model }: { model: AttributionModel }) {
  const router = useRouter();
  const toast = useToast();
  const f = useForm({ resolver: zodResolver(form), defaultValues: { model } });
  const { submit, error } = useActionSubmit(f, setAttributionModelAction, (data) => {
    toast.show({
      tone: "success",
      title: "Attribution saved",
      description: `New conversions are attributed by ${data.attributionModel === "last_click" ? "last click" : "last message"}.`,
    });
    f.reset({ model: data.attributionModel });
    router.refresh();
  });
  return (
    <Card className="max-w-2xl" id="attribution">
      <CardHeader
        title="Conversion attribution"
        description="Which campaign a conversion you post is credited to. Conversions already recorded keep their campaign; the window is each campaign's own (7 days unless set at launch)."
      />
      <form onSubmit={submit} noValidate aria-label="Conversion attribution">
        <CardBody className="space-y-3">
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <fieldset className="space-y-3">
            <legend className="sr-only">Attribute conversions to</legend>
            {MODELS.map((m) => (
              <label key={m.value} className="flex items-start gap-3 text-sm text-slate-800">
                <input
                  type="radio"
                  value={m.value}
                  {...f.register("model")}
                  aria-describedby={`attribution-${m.value}-hint`}
                  className={cn("mt-0.5 size-4 shrink-0 accent-indigo-600", focusRing)}
                />
                <span>
                  <span className="font-medium">{m.label}</span>
                  <span id={`attribution-${m.value}-hint`} className="mt-0.5 block text-slate-600">
                    {m.hint}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        </CardBody>
        <CardFooter>
          <Button type="submit" loading={f.formState.isSubmitting} disabled={!f.formState.isDirty}>
            Save
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
