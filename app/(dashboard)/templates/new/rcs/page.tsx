import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { draftFrom } from "../draft-from";
import { rcsFormFrom } from "./form-from-template";
import { RcsTemplateForm } from "./rcs-form";

export const metadata: Metadata = { title: "New RCS template" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePage("/templates/new/rcs");
  const draft = await draftFrom(user, (await searchParams).from, "rcs");
  return (
    <>
      <PageHeader
        eyebrow="Templates"
        title="New RCS rich card template"
        description={
          draft
            ? "A copy of another template: change what you need, then submit it for review."
            : "A standalone rich card: media, title, description and up to 4 link suggestions."
        }
      />
      <RcsTemplateForm start={draft ? rcsFormFrom(draft) : undefined} />
    </>
  );
}
