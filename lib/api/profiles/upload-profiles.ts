/**
 * F1: upload up to 1,000 subscriber profiles (upsert by phone).
 * POST /api/v3/profile/upload
 */
import { createRoute, z } from "@hono/zod-openapi";
import { uploadProfiles } from "@/lib/profiles/upload-profiles";
import { MAX_PROFILES_PER_UPLOAD } from "@/lib/profiles/schemas";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";

const ProfileDoc = z
  .object({
    phone: z.string().openapi({
      example: "919876543210",
      description:
        "Required. With country code, or national in `countrycode` (or the business's default country)",
    }),
    countrycode: z.string().optional().openapi({
      example: "IN",
      description: "ISO 3166-1 alpha-2; required unless the business has a default country",
    }),
    name: z.string().optional().openapi({ example: "Asha Rao" }),
    age: z.number().int().optional().openapi({ example: 31 }),
    gender: z.string().optional().openapi({ example: "female" }),
    dob: z.string().optional().openapi({ example: "21/04/1993", description: "day/month/year" }),
    businesssubscriberid: z.string().optional().openapi({ example: "CRM-000123" }),
    city: z.string().optional().openapi({ example: "Pune" }),
    tags: z
      .array(z.string())
      .optional()
      .openapi({
        example: ["VIP"],
        description:
          "Optional. Tag names to add (never removes one); an unknown name creates the tag (docs/audiences.md)",
      }),
    attributes: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .optional()
      .openapi({
        example: { plan: "Gold", renewal: "2027-01-31" },
        description:
          "Optional. Custom attribute values by key, each checked by its definition's type; merged into the stored ones, null removes one",
      }),
  })
  .openapi("Profile");

const UploadBody = z.object({
  // Items are validated one by one in the domain so one bad record does not fail the call.
  profile: z
    .array(z.unknown().openapi({ $ref: "#/components/schemas/Profile" } as never))
    .min(1, "Send at least one profile")
    .max(MAX_PROFILES_PER_UPLOAD, `At most ${MAX_PROFILES_PER_UPLOAD} profiles per call`)
    .openapi({ description: `At most ${MAX_PROFILES_PER_UPLOAD} profiles` }),
});

const UploadResult = z
  .object({
    status: z.enum(["success", "success with errors"]),
    total: z.number().int().openapi({ description: "Records submitted" }),
    uploaded: z.number().int().openapi({ description: "Profiles created or updated" }),
    rejected: z.number().int().openapi({ description: "Records rejected for invalid data" }),
    errors: z.array(z.object({ index: z.number().int(), reason: z.string() })).openapi({
      description: "One entry per rejected record: its 0-based index in `profile` and why",
      example: [{ index: 3, reason: "phone: Not a valid phone number for country IN" }],
    }),
  })
  .openapi("ProfileUploadResult");

export type UploadProfilesRequest = { profile: Array<z.input<typeof ProfileDoc>> };
export type UploadProfilesResponse = z.infer<typeof UploadResult>;

export const contract = createRoute({
  method: "post",
  path: "/api/v3/profile/upload",
  tags: ["Profiles"],
  summary: "Upload up to 1,000 subscriber profiles (upsert by phone)",
  request: { body: { required: true, content: { "application/json": { schema: UploadBody } } } },
  responses: {
    200: { description: "Upload result", content: { "application/json": { schema: UploadResult } } },
    ...errorResponses,
  },
});

export const uploadProfilesOperation = withBusiness(
  { spec: "F1", contract, components: { Profile: ProfileDoc } },
  async (c, { ctx, businessId }) => {
    const { accepted: _accepted, ...result } = await uploadProfiles(ctx, businessId, c.req.valid("json"));
    return c.json(result, 200);
  },
);
