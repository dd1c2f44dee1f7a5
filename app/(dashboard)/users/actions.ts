"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { addTeamMembers, addTeamMembersInput } from "@/lib/teams/add-team-members";
import { createTeamMemberUser } from "@/lib/teams/create-team-member-user";
import { createTeam } from "@/lib/teams/create-team";
import { removeTeamMember } from "@/lib/teams/remove-team-member";
import { createTeamInput } from "@/lib/teams/schemas";
import {
  dashboardUserForm,
  editBusinessUserInput,
  type UserDetails,
} from "@/lib/users/business-user-schemas";
import { editBusinessUser } from "@/lib/users/edit-business-user";
import { setCallingEnabled } from "@/lib/users/set-calling-enabled";
import { setUserEnabled } from "@/lib/users/set-user-enabled";
import { setUserStatus } from "@/lib/users/set-user-status";
import { userStatus } from "@/lib/users/schemas";

// Every action re-checks the session and lets the domain apply the role matrix
// (docs/decisions/users-and-teams-rules.md): the same rules as the API.

export async function createUserAction(raw: unknown): Promise<ActionResult<UserDetails>> {
  return runAction(async () => {
    const user = await requireAction("createUserAction");
    const created = await createTeamMemberUser(userCtx(user), user.businessId, dashboardUserForm.parse(raw));
    revalidatePath("/users");
    return created;
  }, raw);
}

export async function editUserAction(raw: unknown): Promise<ActionResult<UserDetails>> {
  return runAction(async () => {
    const user = await requireAction("editUserAction");
    const edited = await editBusinessUser(userCtx(user), user.businessId, editBusinessUserInput.parse(raw));
    revalidatePath("/users");
    return edited;
  }, raw);
}

export async function setUserEnabledAction(
  userId: string,
  enabled: boolean,
): Promise<ActionResult<UserDetails>> {
  return runAction(
    async () => {
      const user = await requireAction("setUserEnabledAction");
      const u = await setUserEnabled(userCtx(user), user.businessId, {
        userId: String(userId),
        enabled: Boolean(enabled),
      });
      revalidatePath("/users");
      return u;
    },
    userId,
    enabled,
  );
}

export async function setCallingAction(
  userId: string,
  callingEnabled: boolean,
  phoneNumber: string,
): Promise<ActionResult<UserDetails>> {
  return runAction(
    async () => {
      const user = await requireAction("setCallingAction");
      const u = await setCallingEnabled(userCtx(user), user.businessId, {
        userId: String(userId),
        callingEnabled: Boolean(callingEnabled),
        phoneNumber: String(phoneNumber),
      });
      revalidatePath("/users");
      return u;
    },
    userId,
    callingEnabled,
    phoneNumber,
  );
}

export async function setStatusAction(userId: string, status: unknown): Promise<ActionResult<UserDetails>> {
  return runAction(
    async () => {
      const user = await requireAction("setStatusAction");
      const u = await setUserStatus(userCtx(user), user.businessId, {
        userId: String(userId),
        userStatus: userStatus.parse(status),
      });
      revalidatePath("/users");
      revalidatePath("/calls");
      return u;
    },
    userId,
    status,
  );
}

export async function createTeamAction(raw: unknown): Promise<ActionResult<{ teamId: string }>> {
  return runAction(async () => {
    const user = await requireAction("createTeamAction");
    const team = await createTeam(userCtx(user), user.businessId, createTeamInput.parse(raw));
    revalidatePath("/users");
    return { teamId: team.teamId };
  }, raw);
}

export async function addMemberAction(teamId: string, raw: unknown): Promise<ActionResult<null>> {
  return runAction(
    async () => {
      const user = await requireAction("addMemberAction");
      await addTeamMembers(userCtx(user), user.businessId, String(teamId), addTeamMembersInput.parse(raw));
      revalidatePath("/users");
      return null;
    },
    teamId,
    raw,
  );
}

export async function removeMemberAction(teamId: string, memberId: string): Promise<ActionResult<null>> {
  return runAction(
    async () => {
      const user = await requireAction("removeMemberAction");
      await removeTeamMember(userCtx(user), user.businessId, String(teamId), String(memberId));
      revalidatePath("/users");
      return null;
    },
    teamId,
    memberId,
  );
}
