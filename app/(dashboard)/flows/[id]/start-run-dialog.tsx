"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox, Input, Select, Textarea } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { useToast } from "@/components/ui/toast";
import type { ErrorDetail } from "@/lib/errors";
import { startFlowRunAction } from "../actions";

/** The fields whose errors show beside them (the rest in the dialog's message). */
const SHOWN = ["subscriberId", "channel", "sender", "variables"];

/** `name=value` lines as the run's variables; the lines that are not, by number. */
function readVariables(text: string): { variables: Record<string, string>; bad: number[] } {
  const variables: Record<string, string> = {};
  const bad: number[] = [];
  text.split("\n").forEach((line, i) => {
    if (!line.trim()) return;
    const at = line.indexOf("=");
    if (at <= 0) bad.push(i + 1);
    else variables[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  });
  return { variables, bad };
}

/**
 * "Start for a number": the published version for a real customer, as the API's POST .../runs
 * does (lib/flows/start-flow-run.ts), with its refusals shown at their fields.
 */
export function StartRunDialog({ flowId, published }: { flowId: string; published: boolean }) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [phone, setPhone] = useState("");
  const [channel, setChannel] = useState<"chatapp" | "rcs">("chatapp");
  const [vars, setVars] = useState("");
  const [replace, setReplace] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<ErrorDetail[]>([]);
  const [busy, setBusy] = useState(false);
  const at = (prefix: string) => fields.find((f) => f.path === prefix || f.path.startsWith(`${prefix}.`));
  const fieldError = (prefix: string) => {
    const f = at(prefix);
    return f
      ? f.path === prefix
        ? f.message
        : `${f.path.slice(prefix.length + 1)}: ${f.message}`
      : undefined;
  };

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        disabled={!published}
        title={published ? undefined : "Publish the flow first"}
      >
        Start for a number
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Start the flow for a number"
        description="Runs the published version for this customer now, in their conversation. On WhatsApp, a customer who has not written in the last 24 hours can only be sent an approved template first."
        formId="start-flow-run"
        submitLabel="Start"
        submitting={busy}
        error={error}
        onSubmit={async (e) => {
          e.preventDefault();
          const { variables, bad } = readVariables(vars);
          if (bad.length > 0) {
            setError(null);
            setFields([{ path: "variables", message: `Line ${bad.join(", ")}: write name=value` }]);
            return;
          }
          setBusy(true);
          const res = await startFlowRunAction(flowId, { subscriberId: phone, channel, variables, replace });
          setBusy(false);
          if (!res.ok) {
            setFields(res.fieldErrors);
            // The message too, unless every problem shows at its field.
            const atFields =
              res.fieldErrors.length > 0 &&
              res.fieldErrors.every((f) => SHOWN.includes(f.path.split(".")[0]!));
            setError(atFields ? null : res.message);
            return;
          }
          setError(null);
          setFields([]);
          setOpen(false);
          toast.show({
            tone: res.data.state === "failed" ? "danger" : "success",
            title: `Run ${res.data.state}${res.data.stepId ? ` at ${res.data.stepId}` : ""}`,
            description: res.data.endReason ?? `Started for +${phone.replace(/^\+/, "")}`,
          });
        }}
      >
        <Input
          label="Phone number"
          hint="With the country code, e.g. 919876543210"
          inputMode="tel"
          autoComplete="off"
          required
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={fieldError("subscriberId")}
        />
        <Select
          label="Channel"
          value={channel}
          onChange={(e) => setChannel(e.target.value as "chatapp" | "rcs")}
          options={[
            { value: "chatapp", label: "WhatsApp (chatapp)" },
            { value: "rcs", label: "RCS" },
          ]}
          error={fieldError("channel") ?? fieldError("sender")}
        />
        <Textarea
          label="Variables"
          hint="Optional, one per line: name=value (used as {{name}} in the flow's messages)"
          rows={3}
          value={vars}
          onChange={(e) => setVars(e.target.value)}
          error={fieldError("variables")}
        />
        <Checkbox
          label="Replace a run already active in the conversation"
          checked={replace}
          onChange={(e) => setReplace(e.target.checked)}
        />
      </FormDialog>
    </>
  );
}
