"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { useToast } from "@/components/ui/toast";
import { useActionSubmit } from "@/components/ui/use-action-submit";
import { dashboardUserForm, editBusinessUserInput } from "@/lib/users/business-user-schemas";
import type { ListedUser } from "@/lib/users/list-business-users";
import { createUserAction, editUserAction } from "./actions";
import { ROLES } from "./roles";

export function UserDialog({
  open,
  onClose,
  user,
  self = false,
  teams = [],
}: {
  open: boolean;
  onClose: () => void;
  user?: ListedUser;
  /** Editing oneself: role and branch stay as they are (the domain refuses a change). */
  self?: boolean;
  /** The teams a new user may join (create only). */
  teams?: Array<{ teamId: string; teamName: string }>;
}) {
  const router = useRouter();
  const toast = useToast();
  const schema = user ? editBusinessUserInput : dashboardUserForm;
  const form = useForm({
    resolver: zodResolver(schema as typeof editBusinessUserInput),
    defaultValues: user
      ? {
          userId: user.userId,
          firstName: user.firstName,
          lastName: user.lastName ?? "",
          phoneNumber: user.phoneNumber ? `+${user.phoneNumber}` : "",
          role: user.role as "AGENT",
          supervisorId: user.supervisorId ?? "",
          branchId: user.branchId ?? "",
          temporaryPassword: "",
        }
      : ({
          firstName: "",
          lastName: "",
          phoneNumber: "",
          role: "AGENT",
          emailId: "",
          temporaryPassword: "",
          branchId: "",
          teamId: "",
          userStatus: "Available",
        } as never),
  });
  const { submit, error, setError } = useActionSubmit(
    form,
    (values) => (user ? editUserAction(values) : createUserAction(values)),
    (data) => {
      toast.show({
        tone: "success",
        title: user ? "User saved" : "User created",
        description: data.emailId,
      });
      close();
      router.refresh();
    },
  );
  function close() {
    form.reset();
    setError(null);
    onClose();
  }
  const f = form as never as Parameters<typeof FormField>[0]["form"];
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={user ? `Edit ${user.emailId}` : "Create user"}
      description={
        self
          ? "Your name and the number your calls start from. Your role and branch are changed by another admin."
          : user
            ? "A new temporary password makes the user choose its own at the next sign-in."
            : "Without a temporary password the user cannot sign in to the dashboard until you set one."
      }
      formId="user-form"
      onSubmit={submit}
      submitLabel={user ? "Save" : "Create user"}
      submitting={form.formState.isSubmitting}
      formClassName="grid grid-cols-2 gap-3"
    >
      {error ? (
        <div className="col-span-2">
          <Alert tone="danger">{error}</Alert>
        </div>
      ) : null}
      <FormField form={f} name="firstName" label="First name" required autoFocus />
      <FormField form={f} name="lastName" label="Last name" />
      {user ? null : <FormField form={f} name="emailId" label="E-mail" type="email" required />}
      <FormField
        form={f}
        name="phoneNumber"
        label="Phone number"
        type="tel"
        placeholder="+919876543210"
        hint={
          user
            ? "With the country code, or as dialled in the business's default country (Settings)"
            : "Optional (for calls): with the country code, or as dialled in the business's default country"
        }
        required={Boolean(user)}
      />
      {self ? null : (
        <>
          <FormField form={f} name="role" label="Role" kind="select" options={ROLES} required />
          <FormField form={f} name="branchId" label="Branch" />
          {user ? null : (
            <>
              <FormField
                form={f}
                name="teamId"
                label="Team"
                kind="select"
                placeholder="No team"
                options={teams.map((t) => ({ value: t.teamId, label: t.teamName }))}
              />
              <FormField
                form={f}
                name="userStatus"
                label="Status"
                kind="select"
                options={["Available", "Busy", "Away"].map((s) => ({ value: s, label: s }))}
              />
            </>
          )}
          <FormField
            form={f}
            name="temporaryPassword"
            label="Temporary password"
            type="password"
            autoComplete="new-password"
            hint="At least 10 characters"
          />
        </>
      )}
    </FormDialog>
  );
}
