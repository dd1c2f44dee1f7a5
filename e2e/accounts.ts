/** Fixed passwords the e2e server seeds with (playwright.config.ts passes them as env). */
export const E2E_OPERATOR = { email: "operator@switchboard.local", password: "e2e-operator-password" };
export const E2E_ADMIN = { email: "admin@demo.switchboard.local", password: "e2e-admin-password" };
