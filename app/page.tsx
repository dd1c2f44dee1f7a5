import { redirect } from "next/navigation";
import { homePathFor } from "@/lib/auth/roles";
import { currentUser } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export default async function Home() {
  const user = await currentUser();
  if (!user) redirect("/login");
  redirect(homePathFor(user.role));
}
