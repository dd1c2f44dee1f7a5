import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { draftFrom } from "../draft-from";
import { ChatappTemplateForm } from "./chatapp-form";
import { chatappFormFrom } from "./form-from-template";

export const metadata: Metadata = { title: "New chatapp template" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePage("/templates/new/chatapp");
  const draft = await draftFrom(user, (await searchParams).from, "chatapp");
  return (
    <>
      <PageHeader
        eyebrow="Templates"
        title="New chatapp template"
        description={
          draft
            ? "A copy of another template: change what you need, then submit it for review."
            : "Text, an image header, buttons or a carousel. It is reviewed before it can be sent."
        }
      />
      <ChatappTemplateForm start={draft ? chatappFormFrom(draft) : undefined} />
    </>
  );
}
