import { z } from "zod";
import { anyPhone } from "../messages/schemas";
import { FlowDefinition, VarName } from "./definition";

const Name = z.string().trim().min(1, "Name the flow").max(120, "At most 120 characters");

/** A new flow: its name and draft definition (checked in full; published separately). */
export const FlowInput = z.object({
  name: Name,
  enabled: z.boolean().default(true),
  definition: FlowDefinition,
});

export const FlowUpdate = z
  .object({ name: Name.optional(), enabled: z.boolean().optional(), definition: FlowDefinition.optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to update" });

export type FlowView = {
  id: string;
  name: string;
  enabled: boolean;
  draft: FlowDefinition;
  publishedVersion: number | null;
  createdAt: number;
  updatedAt: number;
};

/** Variables a run started through the API may be given (each a string of at most 1,024 characters). */
export const MAX_START_VARIABLES = 50;

/** A run started through the API for one subscriber (docs/flows.md, "Starting a run through the API"). */
export const StartRunInput = z.object({
  /** The customer: a phone number with its country code, with or without '+' (stored as digits). */
  subscriberId: anyPhone,
  channel: z.enum(["chatapp", "rcs"], { error: "chatapp or rcs" }),
  /** chatapp: one of the business's phoneNumberIds; rcs: its agent id. None: the customer's latest conversation's, else the first. */
  sender: z.string().trim().min(1, "Name the sender or leave it out").max(128).optional(),
  /** The run's variables before its first step (`{{name}}` in its messages). */
  variables: z
    .record(VarName, z.string().max(1024, "At most 1,024 characters"))
    .refine((v) => Object.keys(v).length <= MAX_START_VARIABLES, `At most ${MAX_START_VARIABLES} variables`)
    .default({}),
  /** A run already active in the conversation: stop it and start this one (default: refuse with 409). */
  replace: z.boolean().default(false),
});
export type StartRunInput = z.input<typeof StartRunInput>;
