import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody } from "@/components/ui/card";
import { requirePage } from "@/lib/auth/guard";
import { ChangePasswordForm } from "./change-password-form";

export const metadata: Metadata = { title: "Change password" };
export const dynamic = "force-dynamic";

export default async function ChangePasswordPage() {
  const user = await requirePage("/account/password");
  return (
    <Card>
      <CardBody className="space-y-6 px-6 py-7">
        <div className="space-y-1">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">Set a new password</h1>
          <p className="text-sm text-slate-600">Signed in as {user.email}.</p>
        </div>
        {user.mustChangePassword ? (
          <Alert tone="info">Your account has a temporary password. Choose your own to continue.</Alert>
        ) : null}
        <ChangePasswordForm />
        {user.mustChangePassword ? null : (
          <p className="text-center text-sm">
            <Link href="/" className="font-medium text-indigo-700 hover:underline">
              Back to Switchboard
            </Link>
          </p>
        )}
      </CardBody>
    </Card>
  );
}
