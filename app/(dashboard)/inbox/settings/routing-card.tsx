"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { useToast } from "@/components/ui/toast";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { RoutingSettingsForm, type RoutingSettingsView } from "@/lib/conversations/routing-settings-schema";
import { saveRoutingSettingsAction } from "./actions";

const valuesOf = (v: RoutingSettingsView) => ({
  openLimit: String(v.openLimit),
  senders: v.senders.map((s) => ({ key: s.key, teamId: s.teamId })),
});

/** The "Conversation routing" card: the per-agent limit and which team answers which sender. */
export function RoutingCard({ settings }: { settings: RoutingSettingsView }) {
  const router = useRouter();
  const toast = useToast();
  const form = useForm({ resolver: zodResolver(RoutingSettingsForm), defaultValues: valuesOf(settings) });
  const { submit, error } = useActionSubmit(form, saveRoutingSettingsAction, (saved) => {
    toast.show({
      tone: "success",
      title: "Routing saved",
      description: `Up to ${saved.openLimit} open conversations per agent`,
    });
    form.reset(valuesOf(saved));
    router.refresh();
  });
  const teams = settings.teams.map((t) => ({ value: t.id, label: t.name }));
  return (
    <Card className="max-w-2xl">
      <CardHeader
        title="Conversation routing"
        description="New and reopened conversations go at once to an Available agent with the fewest open ones, never beyond the limit. A sender handled by a team goes to that team's members only; otherwise to every agent."
      />
      <form onSubmit={submit} noValidate aria-label="Conversation routing">
        <CardBody className="space-y-4">
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <FormField
            form={form}
            name="openLimit"
            label="Open conversations per agent"
            hint={`1 to 500; open and pending ones count. Raising it hands waiting conversations out at once.`}
          />
          {settings.senders.length === 0 ? (
            <p className="text-sm text-slate-600">This business has no sender yet.</p>
          ) : (
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium text-slate-900">Who answers each sender</legend>
              {settings.senders.map((s, i) => (
                <FormField
                  key={s.key}
                  form={form}
                  name={`senders.${i}.teamId`}
                  kind="select"
                  label={s.label}
                  placeholder="All agents"
                  options={teams}
                />
              ))}
            </fieldset>
          )}
        </CardBody>
        <CardFooter>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Update routing
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
