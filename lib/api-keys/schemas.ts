import { z } from "zod";

export const createApiKeyInput = z.object({
  name: z.string().trim().min(1, "Give the key a name").max(80, "At most 80 characters"),
});

export type ApiKeyView = {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};
