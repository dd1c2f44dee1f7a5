import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { RcsTemplateForm } from "./rcs-form";

export const metadata: Metadata = { title: "New RCS template" };

export default async function Page() {
  await requirePage("/templates/new/rcs");
  return (
    <>
      <PageHeader
        eyebrow="Templates"
        title="New RCS rich card template"
        description="A standalone rich card: media, title, description and up to 4 link suggestions."
      />
      <RcsTemplateForm />
    </>
  );
}
