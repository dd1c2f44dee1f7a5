import { z } from "zod";

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

export const createBusinessInput = z.object({
  name: businessName,
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
  createdAt: Date;
  channels: ChannelView[];
};
