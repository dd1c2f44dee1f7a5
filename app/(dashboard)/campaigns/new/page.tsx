import type { Metadata } from "next";
import { CampaignWizard } from "@/app/(dashboard)/campaigns/new/wizard/campaign-wizard";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { countryOptions } from "@/lib/businesses/country-options";
import { uuidv7 } from "@/lib/ids";
import { wizardSetup } from "@/lib/promotions/wizard/wizard-setup";

export const metadata: Metadata = { title: "New campaign" };

export default async function NewCampaignPage({
  searchParams,
}: {
  searchParams: Promise<{ from?: string | string[] }>;
}) {
  const user = await requirePage("/campaigns/new");
  const { from } = await searchParams;
  const setup = await wizardSetup(
    userCtx(user),
    user.businessId,
    typeof from === "string" ? from : undefined,
  );
  return (
    <>
      <PageHeader
        title={setup.draft ? "New campaign from a copy" : "New campaign"}
        description="Pick the audience, check every row with a dry run, choose an approved template and when to send. Nothing is sent before Launch."
      />
      {/* The launch key is made once per opening of the wizard: a double click launches once. */}
      <CampaignWizard setup={setup} countries={countryOptions()} launchKey={`dashboard-${uuidv7()}`} />
    </>
  );
}
