/**
 * A component as Meta's examples may write it (`"type": "body"`, `"type": "otp"`) with its
 * `type`, its buttons' and its cards' components' in upper case, as the schemas and Meta's
 * answers spell them. Anything else is left as given for the schema to judge.
 */
export const upperTypes = (v: unknown): unknown => {
  if (!v || typeof v !== "object" || Array.isArray(v)) return v;
  const o = v as Record<string, unknown>;
  return {
    ...o,
    ...(typeof o.type === "string" ? { type: o.type.toUpperCase() } : {}),
    ...(Array.isArray(o.buttons) ? { buttons: o.buttons.map(upperTypes) } : {}),
    ...(Array.isArray(o.cards)
      ? {
          cards: o.cards.map((card: unknown) =>
            card && typeof card === "object" && Array.isArray((card as { components?: unknown }).components)
              ? { ...card, components: (card as { components: unknown[] }).components.map(upperTypes) }
              : card,
          ),
        }
      : {}),
  };
};
