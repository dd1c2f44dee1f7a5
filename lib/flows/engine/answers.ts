import { readInternational } from "../../phone/international";
import type { FlowStep } from "../definition";

/** Lower case, no accents, single spaces, no punctuation at the ends: how texts are compared. */
export function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[\p{P}\s]+|[\p{P}\s]+$/gu, "");
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The answer as the run keeps it, or undefined when it does not fit what the question expects. */
export function readAnswer(
  step: Extract<FlowStep, { type: "ask" }>,
  text: string | null,
): string | undefined {
  const t = (text ?? "").trim();
  if (!t) return undefined;
  switch (step.expect) {
    case "text":
      return t.slice(0, 1024);
    case "number": {
      const n = Number(t.replace(/[\s,]/g, ""));
      return Number.isFinite(n) ? String(n) : undefined;
    }
    case "email":
      return EMAIL.test(t) ? t.toLowerCase() : undefined;
    case "phone":
      return readInternational(t);
    case "choice":
      return step.choices.find((c) => normalise(c.title) === normalise(t))?.title;
  }
}

/** `{{name}}` replaced by the variable (empty when unset). */
export function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(/\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/g, (_, name: string) => vars[name] ?? "");
}
