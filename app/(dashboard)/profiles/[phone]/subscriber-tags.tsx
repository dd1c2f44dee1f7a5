"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { TagChip } from "@/components/audiences/tag-chip";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/field";
import { Icon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { changeSubscriberTagsAction } from "./actions";

type Tag = { id: string; name: string; colour: string };

/** The subscriber's tags as chips, each removable, and a field to add one (existing names offered). */
export function SubscriberTags({ phone, tags, known }: { phone: string; tags: Tag[]; known: string[] }) {
  const router = useRouter();
  const toast = useToast();
  const listId = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = async (add: string[], remove: string[]) => {
    setBusy(true);
    setError(null);
    const res = await changeSubscriberTagsAction(phone, { add, remove });
    setBusy(false);
    if (!res.ok) {
      setError(res.fieldErrors[0]?.message ?? res.message);
      return false;
    }
    toast.show({ tone: "success", title: add.length ? `Tagged ${add[0]}` : `Removed ${remove[0]}` });
    router.refresh();
    return true;
  };
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim();
    if (!n) return setError("Type a tag name");
    if (await change([n], [])) setName("");
  };
  const offered = known.filter((k) => !tags.some((t) => t.name.toLowerCase() === k.toLowerCase()));
  return (
    <Card>
      <CardHeader title="Tags" description="Segments and campaigns pick subscribers by these." />
      <CardBody className="space-y-4">
        {tags.length === 0 ? (
          <p className="text-sm text-slate-500">No tags yet.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Tags">
            {tags.map((t) => (
              <li key={t.id} className="max-w-full">
                <TagChip name={t.name} colour={t.colour}>
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => change([], [t.name])}
                    className="rounded-full p-0.5 text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <Icon name="x" className="size-3.5" />
                    <span className="sr-only">Remove tag {t.name}</span>
                  </button>
                </TagChip>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={add} className="flex flex-wrap items-start gap-2" noValidate>
          <div className="min-w-0 flex-1 basis-48">
            <Input
              label="Add a tag"
              hint="A new name creates the tag."
              value={name}
              maxLength={50}
              list={listId}
              error={error ?? undefined}
              onChange={(e) => setName(e.target.value)}
            />
            <datalist id={listId}>
              {offered.map((k) => (
                <option key={k} value={k} />
              ))}
            </datalist>
          </div>
          <Button type="submit" variant="secondary" loading={busy} className="mt-6">
            Add tag
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
