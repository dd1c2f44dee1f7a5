import { z } from "zod";
import { isCountryCode } from "../phone/read-phone";
import { timeZone } from "./time-zone";

export const channels = ["chatapp", "rcs"] as const;
export type Channel = (typeof channels)[number];

export const providersByChannel = {
  chatapp: ["simulator", "whatsapp-cloud"],
  rcs: ["simulator", "google-rbm"],
} as const satisfies Record<Channel, readonly string[]>;

export const phoneNumberId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "Letters, digits, '-' or '_', at most 64");

export const chatappConfig = z.object({
  phoneNumberIds: z.array(phoneNumberId).max(50).default([]),
});
export const rcsConfig = z.object({
  agentId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.@-]{1,128}$/, "Letters, digits, '.', '@', '-' or '_', at most 128")
    .optional(),
});

export const businessName = z.string().trim().min(2, "At least 2 characters").max(120);

/**
 * The region of numbers typed without a country code (docs/decisions/default-country.md):
 * a two-letter code, any case; "" or null is "no default" (numbers need their country code).
 */
export const defaultCountry = z.preprocess(
  (v) => (v === "" ? null : typeof v === "string" ? v.trim().toUpperCase() : v),
  z
    .string({ error: "A two-letter country code, e.g. IN" })
    .refine(isCountryCode, "Must be a two-letter country code (ISO 3166-1 alpha-2), e.g. IN or US")
    .nullable(),
);

export const createBusinessInput = z.object({
  name: businessName,
  defaultCountry: defaultCountry.default(null),
  /** The zone its dates are shown and read in (businesses.time_zone); admins change it in Settings. */
  timeZone: timeZone.default("UTC"),
  chatappEnabled: z.boolean().default(true),
  rcsEnabled: z.boolean().default(true),
});
export type CreateBusinessInput = z.input<typeof createBusinessInput>;

export const setChannelInput = z.object({
  businessId: z.string().uuid(),
  channel: z.enum(channels),
  enabled: z.boolean(),
  provider: z.string().optional(),
  phoneNumberIds: z.array(phoneNumberId).max(50).optional(),
  agentId: z.string().trim().max(128).optional(),
});
export type SetChannelInput = z.input<typeof setChannelInput>;

export const setDefaultCountryInput = z.object({
  businessId: z.string().uuid(),
  defaultCountry,
});
export type SetDefaultCountryInput = z.input<typeof setDefaultCountryInput>;

/** The dashboard's business settings form (the business is the signed-in admin's). */
export const businessSettingsForm = z.object({ defaultCountry, timeZone });

export type ChannelView = {
  channel: Channel;
  enabled: boolean;
  provider: string;
  phoneNumberIds: string[];
  agentId: string | null;
};

export type BusinessView = {
  id: string;
  name: string;
  enabled: boolean;
  defaultCountry: string | null;
  createdAt: Date;
  channels: ChannelView[];
};
