import { z } from "@hono/zod-openapi";
import { errorResponses } from "../schemas";

export const TeamDetails = z
  .object({
    success: z.literal(true),
    message: z.string().openapi({ example: "Team created" }),
    teamId: z.string(),
    teamName: z.string(),
    supervisorId: z.string(),
    description: z.string().nullable(),
    branchId: z.string().nullable(),
    members: z.array(
      z.object({
        userId: z.string(),
        emailId: z.string(),
        firstName: z.string(),
        lastName: z.string().nullable(),
        role: z.string(),
        userStatus: z.string(),
        supervisorId: z.string().nullable(),
        description: z.string().nullable(),
      }),
    ),
  })
  .openapi("TeamDetails");

export type TeamResponse = z.infer<typeof TeamDetails>;

/** The answers of G6 ... G8. */
export const teamResponses = {
  200: { description: "The team with its members", content: { "application/json": { schema: TeamDetails } } },
  ...errorResponses,
  403: { ...errorResponses[401], description: "The calling user's role may not do this" },
  409: { ...errorResponses[400], description: "A team with this name exists" },
};
export const teamIdParam = z.object({
  teamId: z.string().openapi({ param: { name: "teamId", in: "path" } }),
});
