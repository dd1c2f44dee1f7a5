import { z } from "zod";

const optionalText = (max: number) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().trim().max(max).optional());
const userRef = z.string({ error: "Required" }).trim().uuid("Must be a user id");

/** G6 body. */
export const createTeamInput = z.object({
  teamName: z.string({ error: "Required" }).trim().min(1, "Required").max(120),
  supervisorId: userRef,
  description: optionalText(500),
});
export type CreateTeamInput = z.input<typeof createTeamInput>;

/** G7 body. */
export const addTeamMemberInput = z.object({
  userId: userRef,
  supervisorId: userRef,
  description: optionalText(500),
});
export type AddTeamMemberInput = z.input<typeof addTeamMemberInput>;

export type TeamMember = {
  userId: string;
  emailId: string;
  firstName: string;
  lastName: string | null;
  role: string;
  userStatus: string;
  supervisorId: string | null;
  description: string | null;
};

/** What the team endpoints answer. */
export type TeamDetails = {
  teamId: string;
  teamName: string;
  supervisorId: string;
  description: string | null;
  branchId: string | null;
  members: TeamMember[];
};
