/** What the status history knows of an actor; names come from the users and API keys tables. */
export type HistoryActor = {
  type: string;
  id: string | null;
  firstName?: string | null;
  lastName?: string | null;
  role?: string | null;
  keyName?: string | null;
};

/**
 * Names who moved a template, for people reading its history: a user by name (operators
 * marked as such), an API key by its name, a provider by its name. A user or key deleted
 * since is still named by kind.
 */
export function historyActorLabel(a: HistoryActor): string {
  if (a.type === "user") {
    const name = [a.firstName, a.lastName].filter(Boolean).join(" ");
    if (!name) return "a user who no longer exists";
    return a.role === "OPERATOR" ? `${name} (operator)` : name;
  }
  if (a.type === "api_key") return a.keyName ? `API key '${a.keyName}'` : "an API key";
  if (a.id?.startsWith("provider:")) return `${a.id.slice("provider:".length)} (provider)`;
  return "the system";
}
