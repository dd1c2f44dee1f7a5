import { test as setup } from "@playwright/test";
import { E2E_ADMIN, E2E_OPERATOR } from "../accounts";
import { sessionFile } from "../sessions";
import { signInWithForm } from "./helpers";

// Signs the seeded admin and operator in through the sign-in form once per run and keeps their
// browser state for signIn() (e2e/ui/helpers.ts). auth.spec.ts still tests the form itself.
for (const account of [E2E_ADMIN, E2E_OPERATOR]) {
  setup(`sign in ${account.email} through the form`, async ({ page }) => {
    await signInWithForm(page, account);
    await page.context().storageState({ path: sessionFile(account.email) });
  });
}
