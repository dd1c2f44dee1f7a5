"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { useToast } from "@/components/ui/toast";
import { useConfirmDialog } from "@/components/ui/use-confirm-dialog";
import { useSaveAndClose } from "@/components/ui/use-save-and-close";
import type { ProfileRow } from "@/lib/profiles/list-profiles";
import { deleteProfileAction, updateProfileAction } from "./actions";

const dmy = (iso: string | null) => (iso ? iso.split("-").reverse().join("/") : "");

/** Edit and Delete of one profile row; delete asks first and says what goes. */
export function ProfileActions({ profile }: { profile: ProfileRow }) {
  const [editing, setEditing] = useState(false);
  const deleting = useConfirmDialog();
  const router = useRouter();
  const toast = useToast();
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
        Edit<span className="sr-only"> +{profile.phone}</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50 hover:text-red-800"
        onClick={() => deleting.setOpen(true)}
      >
        Delete<span className="sr-only"> +{profile.phone}</span>
      </Button>
      {editing ? <EditProfileDialog profile={profile} onClose={() => setEditing(false)} /> : null}
      <ConfirmDialog
        {...deleting.dialog}
        title={`Delete +${profile.phone}?`}
        description="The profile and its fields (name, city, date of birth, subscriber id) are deleted. Messages already sent to the number stay in Messages; a later import or API upload of the number creates a new profile."
        confirmLabel="Delete profile"
        onConfirm={async () => {
          const res = await deleteProfileAction(profile.id);
          if (!res.ok) return deleting.setError(res.message);
          deleting.setOpen(false);
          toast.show({ tone: "success", title: "Profile deleted", description: `+${profile.phone}` });
          router.refresh();
        }}
      />
    </div>
  );
}

function EditProfileDialog({ profile, onClose }: { profile: ProfileRow; onClose: () => void }) {
  // Validated on the server (lib/profiles/edit-profile.ts): its field errors land on the inputs.
  const form = useForm({
    defaultValues: {
      id: profile.id,
      name: profile.name ?? "",
      city: profile.city ?? "",
      age: profile.age === null ? "" : String(profile.age),
      gender: profile.gender ?? "",
      dob: dmy(profile.dob),
      businessSubscriberId: profile.businessSubscriberId ?? "",
    },
  });
  const { submit, error } = useSaveAndClose(form, updateProfileAction, onClose, () => ({
    title: "Profile saved",
    description: `+${profile.phone}`,
  }));
  return (
    <FormDialog
      open
      onClose={onClose}
      title={`Edit +${profile.phone}`}
      description="The number is the profile: to change it, import the new number."
      formId={`edit-profile-${profile.id}`}
      onSubmit={submit}
      submitLabel="Save profile"
      submitting={form.formState.isSubmitting}
      error={error}
      formClassName="space-y-4"
    >
      <FormField form={form} name="name" label="Name" autoFocus />
      <FormField form={form} name="city" label="City" />
      <FormField form={form} name="age" label="Age" />
      <FormField form={form} name="gender" label="Gender" />
      <FormField form={form} name="dob" label="Date of birth" hint="day/month/year, e.g. 21/04/1993" />
      <FormField form={form} name="businessSubscriberId" label="Your subscriber id" />
    </FormDialog>
  );
}
