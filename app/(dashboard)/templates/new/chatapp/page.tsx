import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { ChatappTemplateForm } from "./chatapp-form";

export const metadata: Metadata = { title: "New chatapp template" };

export default async function Page() {
  await requirePage("/templates/new/chatapp");
  return (
    <>
      <PageHeader
        eyebrow="Templates"
        title="New chatapp template"
        description="Text, an image header, buttons or a carousel. It is reviewed before it can be sent."
      />
      <ChatappTemplateForm />
    </>
  );
}
