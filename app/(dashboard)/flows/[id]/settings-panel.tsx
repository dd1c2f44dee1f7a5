"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type FieldValues, type Resolver } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Input, Select, Textarea } from "@/components/ui/field";
import { FlowTrigger } from "@/lib/flows/definition";
import type { DraftDefinition } from "@/lib/flows/builder/step-outputs";

const Settings = z.object({
  timeoutMinutes: z.number({ error: "A number of minutes" }).int().min(1).max(43200),
  maxRunsPerHour: z.number({ error: "A number" }).int().min(1).max(100),
});
const Triggers = z.array(FlowTrigger).max(20);

/** The flow's start step, its triggers (JSON, checked by FlowTrigger) and settings. */
export function SettingsPanel({
  def,
  change,
}: {
  def: DraftDefinition;
  change: (d: Partial<DraftDefinition>) => void;
}) {
  const [triggers, setTriggers] = useState(() => JSON.stringify(def.triggers ?? [], null, 2));
  const [triggerError, setTriggerError] = useState<string | null>(null);
  const settings = (def.settings ?? {}) as { timeoutMinutes?: number; maxRunsPerHour?: number };
  const form = useForm<FieldValues>({
    resolver: zodResolver(Settings) as unknown as Resolver<FieldValues>,
    defaultValues: {
      timeoutMinutes: settings.timeoutMinutes ?? 1440,
      maxRunsPerHour: settings.maxRunsPerHour ?? 10,
    },
  });
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <div className="space-y-5">
      <Select
        label="Start step"
        value={def.start}
        options={def.steps.map((s) => ({ value: s.id, label: s.id }))}
        onChange={(e) => change({ start: e.target.value })}
      />
      <form
        noValidate
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          let value: unknown;
          try {
            value = JSON.parse(triggers);
          } catch (err) {
            return setTriggerError(`Not JSON: ${(err as Error).message}`);
          }
          const parsed = Triggers.safeParse(value);
          if (!parsed.success)
            return setTriggerError(
              parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
            );
          setTriggerError(null);
          change({ triggers: value as unknown[] });
        }}
      >
        <Textarea
          label="Triggers"
          hint='What starts the flow, e.g. [{"type":"keyword","match":"contains","words":["order"]}]; also welcome, away, button, campaign, fallback'
          rows={6}
          className="font-mono"
          value={triggers}
          onChange={(e) => setTriggers(e.target.value)}
          error={triggerError ?? undefined}
        />
        <Button type="submit" size="sm" variant="secondary">
          Apply triggers
        </Button>
      </form>
      <form noValidate className="space-y-2" onSubmit={form.handleSubmit((v) => change({ settings: v }))}>
        <Input
          label="Minutes a run waits for an answer"
          type="number"
          {...form.register("timeoutMinutes", { valueAsNumber: true })}
          error={errors.timeoutMinutes?.message}
        />
        <Input
          label="Runs a conversation may start in an hour"
          type="number"
          {...form.register("maxRunsPerHour", { valueAsNumber: true })}
          error={errors.maxRunsPerHour?.message}
        />
        <Button type="submit" size="sm" variant="secondary">
          Apply settings
        </Button>
      </form>
    </div>
  );
}
