import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { AppError } from "@/lib/errors";
import { getTemplate } from "@/lib/templates/get-template";
import { ChatappTemplateForm } from "../../new/chatapp/chatapp-form";
import { chatappFormFrom } from "../../new/chatapp/form-from-template";
import { rcsFormFrom } from "../../new/rcs/form-from-template";
import { RcsTemplateForm } from "../../new/rcs/rcs-form";

export const metadata: Metadata = { title: "Edit and resubmit" };

/** Edit a REJECTED template and resubmit it; any other status goes back to its page. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePage("/templates/[id]/edit");
  const { id } = await params;
  const t = await getTemplate(userCtx(user), { businessId: user.businessId, templateId: id }).catch((err) => {
    if (err instanceof AppError && err.code === "not_found") notFound();
    throw err;
  });
  if (t.status !== "REJECTED") redirect(`/templates/${t.id}`);
  return (
    <>
      <PageHeader
        eyebrow={t.channel === "rcs" ? "RCS template" : "Chatapp template"}
        title={`Edit ${t.name}`}
        description="Fix what the review refused and resubmit: the template keeps its name and its history."
      />
      <Alert tone="danger" title="Why it was rejected" className="mb-6 min-w-0 [overflow-wrap:anywhere]">
        <span className="[overflow-wrap:anywhere]">{t.rejectionReason}</span>
      </Alert>
      {t.channel === "chatapp" ? (
        <ChatappTemplateForm start={chatappFormFrom(t)} resubmitId={t.id} />
      ) : (
        <RcsTemplateForm start={rcsFormFrom(t)} resubmitId={t.id} />
      )}
    </>
  );
}
