import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { homePathFor } from "@/lib/auth/roles";
import { requireBusinessUser } from "@/lib/auth/session";
import { userCtx } from "@/lib/auth/user-ctx";
import { countryOptions } from "@/lib/businesses/country-options";
import { getDefaultCountry } from "@/lib/businesses/get-default-country";
import { BusinessSettings } from "./business-settings";

export const metadata: Metadata = { title: "Settings" };

// ROLE CHECK FOR THE LEAD TO WIRE: business admins only (inline until the lib/auth role table
// has this page); the action in ./actions.ts checks the same.
export default async function SettingsPage() {
  const user = await requireBusinessUser();
  if (user.role !== "BUSINESS_ADMIN") redirect(homePathFor(user.role));
  const defaultCountry = await getDefaultCountry(userCtx(user), user.businessId);
  return (
    <>
      <PageHeader title="Settings" description="How Switchboard treats your business's data." />
      <BusinessSettings defaultCountry={defaultCountry} countries={countryOptions()} />
    </>
  );
}
