"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type FieldValues, type Resolver } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import type { DraftDefinition } from "@/lib/flows/builder/step-outputs";
import { TriggersEditor } from "./triggers-form";

const Settings = z.object({
  timeoutMinutes: z.number({ error: "A number of minutes" }).int().min(1).max(43200),
  maxRunsPerHour: z.number({ error: "A number" }).int().min(1).max(100),
});

/** The flow's start step, its triggers (a form per kind, checked by FlowTrigger) and settings. */
export function SettingsPanel({
  def,
  change,
}: {
  def: DraftDefinition;
  change: (d: Partial<DraftDefinition>) => void;
}) {
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
      <TriggersEditor triggers={def.triggers ?? []} change={(triggers) => change({ triggers })} />
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
