"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { addTeamMembers, addTeamMembersInput } from "@/lib/teams/add-team-members";
import { createTeamMemberUser } from "@/lib/teams/create-team-member-user";
import { createTeam } from "@/lib/teams/create-team";
import { removeTeamMember } from "@/lib/teams/remove-team-member";
import { createTeamInput } from "@/lib/teams/schemas";
import { dashboardUserForm, editBusinessUserInput } from "@/lib/users/business-user-schemas";
import { editBusinessUser } from "@/lib/users/edit-business-user";
import { setCallingEnabled } from "@/lib/users/set-calling-enabled";
import { setUserEnabled } from "@/lib/users/set-user-enabled";
import { setUserStatus } from "@/lib/users/set-user-status";
import { userStatus } from "@/lib/users/schemas";

// The role table lets staff in; the domain applies the role matrix
// (docs/decisions/users-and-teams-rules.md): the same rules as the API.
const PAGE = ["/users"];
const id = z.string();
// One dialog creates and edits, so its values reach either action untyped.
const dialogValues = <S extends z.ZodType>(schema: S) => z.unknown().pipe(schema);

export const createUserAction = defineAction(
  { action: "createUserAction", input: dialogValues(dashboardUserForm), revalidate: PAGE },
  async (input, { ctx, businessId }) => createTeamMemberUser(ctx, businessId, input),
);

export const editUserAction = defineAction(
  { action: "editUserAction", input: dialogValues(editBusinessUserInput), revalidate: PAGE },
  async (input, { ctx, businessId }) => editBusinessUser(ctx, businessId, input),
);

export const setUserEnabledAction = defineAction(
  { action: "setUserEnabledAction", input: z.tuple([id, z.boolean()]), revalidate: PAGE },
  async ([userId, enabled], { ctx, businessId }) => setUserEnabled(ctx, businessId, { userId, enabled }),
);

export const setCallingAction = defineAction(
  { action: "setCallingAction", input: z.tuple([id, z.boolean(), z.string()]), revalidate: PAGE },
  async ([userId, callingEnabled, phoneNumber], { ctx, businessId }) =>
    setCallingEnabled(ctx, businessId, { userId, callingEnabled, phoneNumber }),
);

export const setStatusAction = defineAction(
  {
    action: "setStatusAction",
    input: z.tuple([id, z.string().pipe(userStatus)]),
    revalidate: ["/users", "/calls"],
  },
  async ([userId, status], { ctx, businessId }) =>
    setUserStatus(ctx, businessId, { userId, userStatus: status }),
);

export const createTeamAction = defineAction(
  { action: "createTeamAction", input: createTeamInput, revalidate: PAGE },
  async (input, { ctx, businessId }) => ({ teamId: (await createTeam(ctx, businessId, input)).teamId }),
);

export const addMemberAction = defineAction(
  { action: "addMemberAction", input: z.tuple([id, addTeamMembersInput]), revalidate: PAGE },
  async ([teamId, input], { ctx, businessId }) => {
    await addTeamMembers(ctx, businessId, teamId, input);
    return null;
  },
);

export const removeMemberAction = defineAction(
  { action: "removeMemberAction", input: z.tuple([id, id]), revalidate: PAGE },
  async ([teamId, memberId], { ctx, businessId }) => {
    await removeTeamMember(ctx, businessId, teamId, memberId);
    return null;
  },
);
