/**
 * An AUTHENTICATION template's components as Meta's `message_templates` takes them: Meta writes
 * the body and footer itself, so only `add_security_recommendation` and
 * `code_expiration_minutes` go; the OTP button goes as stored. The preset texts we keep beside
 * them (for previews and the send check) stay ours.
 */
export function authenticationForMeta(components: unknown[]): unknown[] {
  return components.map((raw) => {
    const c = raw as Record<string, unknown>;
    if (c.type === "BODY")
      return c.add_security_recommendation === undefined
        ? { type: "BODY" }
        : { type: "BODY", add_security_recommendation: c.add_security_recommendation };
    if (c.type === "FOOTER") return { type: "FOOTER", code_expiration_minutes: c.code_expiration_minutes };
    return c;
  });
}
