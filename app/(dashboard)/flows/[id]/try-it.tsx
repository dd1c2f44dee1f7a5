"use client";

import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import type { RunPathStep } from "@/lib/flows/get-run-path";
import type { FlowRunRow } from "@/lib/flows/list-flow-runs";
import { startTestRunAction, testReplyAction, testRunAction } from "../actions";
import { describeStep } from "../runs/describe-step";

/**
 * "Try it": the saved draft runs for a test number as if its customer wrote; the customer's
 * later messages (here, or on the virtual phone) answer the run. Each step shows as it runs.
 */
export function TryIt({
  flowId,
  testNumbers,
  beforeStart,
}: {
  flowId: string;
  testNumbers: string[];
  /** Saves the draft first; false: it did not save. */
  beforeStart: () => Promise<boolean>;
}) {
  const [phone, setPhone] = useState(testNumbers[0] ?? "");
  const [text, setText] = useState("hello");
  const [reply, setReply] = useState("");
  const [runId, setRunId] = useState<string | null>(null);
  const [run, setRun] = useState<{ run: FlowRunRow; steps: RunPathStep[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!runId) return;
    let stop = false;
    const poll = async () => {
      const res = await testRunAction(runId);
      if (!stop && res.ok) setRun(res.data);
    };
    void poll();
    const timer = setInterval(poll, 1500);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [runId]);

  if (testNumbers.length === 0)
    return (
      <Alert tone="info">
        Add a test number (Settings, or pick one on the virtual phone) to try the draft on it.
      </Alert>
    );
  const active = run && (run.run.state === "running" || run.run.state === "waiting");
  return (
    <div className="space-y-3">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <form
        className="space-y-2"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          if (await beforeStart()) {
            const res = await startTestRunAction(flowId, { phone, text });
            if (res.ok) {
              setRun(null);
              setRunId(res.data.runId);
            } else setError(res.message);
          }
          setBusy(false);
        }}
      >
        <Select
          label="Test number"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          options={testNumbers.map((n) => ({ value: n, label: `+${n}` }))}
        />
        <Input label="The customer writes" value={text} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" size="sm" loading={busy}>
          Try the draft
        </Button>
      </form>
      {run ? (
        <section
          aria-label="Test run"
          aria-live="polite"
          className="space-y-2 rounded-md border border-slate-200 p-3"
        >
          <p className="flex items-center gap-2 text-sm">
            Test run{" "}
            <Badge tone={active ? "info" : run.run.state === "completed" ? "success" : "warning"}>
              {run.run.state}
            </Badge>
            {run.run.endReason ? <span className="text-slate-600">{run.run.endReason}</span> : null}
          </p>
          <ol className="space-y-1 text-sm">
            {run.steps.map((s) => (
              <li key={s.id}>
                <code className="text-xs">{s.stepId}</code> {describeStep(s)}
              </li>
            ))}
          </ol>
          {active ? (
            <form
              className="flex items-end gap-2"
              noValidate
              onSubmit={async (e) => {
                e.preventDefault();
                const res = await testReplyAction({ phone, text: reply });
                if (!res.ok) return setError(res.message);
                setReply("");
              }}
            >
              <div className="min-w-0 flex-1">
                <Input
                  label="Reply as the customer"
                  value={reply}
                  onChange={(e) => setReply(e.target.value)}
                />
              </div>
              <Button type="submit" size="sm" variant="secondary">
                Send
              </Button>
            </form>
          ) : null}
          <a className="text-sm text-indigo-700 underline" href={`/virtual-phone?number=${phone}`}>
            Open +{phone} on the virtual phone
          </a>
        </section>
      ) : null}
    </div>
  );
}
