import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { requirePage } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { countryOptions } from "@/lib/businesses/country-options";
import { getDefaultCountry } from "@/lib/businesses/get-default-country";
import { getTimeZone } from "@/lib/businesses/set-time-zone";
import { listTestNumbers } from "@/lib/businesses/test-numbers";
import { requiresMarketingOptIn } from "@/lib/audiences/consent/require-marketing-consent";
import { timeZoneOptions } from "@/lib/businesses/time-zone";
import { BusinessSettings } from "./business-settings";
import { getAttributionModel } from "@/lib/economics/conversions/attribution-model";
import { AttributionCard } from "./attribution-card";
import { MarketingConsentCard } from "./marketing-consent-card";
import { TestNumbersCard } from "./test-numbers-card";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const user = await requirePage("/settings");
  const defaultCountry = await getDefaultCountry(userCtx(user), user.businessId);
  const timeZone = await getTimeZone(userCtx(user), user.businessId);
  const zones = timeZoneOptions(timeZone);
  const testNumbers = await listTestNumbers(userCtx(user), user.businessId);
  const optInRequired = await requiresMarketingOptIn(userCtx(user), user.businessId);
  const attribution = await getAttributionModel(userCtx(user), user.businessId);
  return (
    <>
      <PageHeader
        title="Settings"
        description="How Switchboard treats your business's data. Routing and saved replies are on Inbox settings."
        actions={
          <ButtonLink href="/inbox/settings" variant="secondary">
            Inbox settings
          </ButtonLink>
        }
      />
      <BusinessSettings
        defaultCountry={defaultCountry}
        countries={countryOptions()}
        timeZone={timeZone}
        timeZones={zones}
      />
      <div className="mt-6">
        <MarketingConsentCard required={optInRequired} />
      </div>
      <div className="mt-6">
        <AttributionCard model={attribution} />
      </div>
      <div className="mt-6">
        <TestNumbersCard testNumbers={testNumbers} />
      </div>
    </>
  );
}
