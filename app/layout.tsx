import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ZodJitless } from "@/components/zod-jitless";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Switchboard", template: "%s · Switchboard" },
  description: "Business messaging over chatapp and RCS",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <ZodJitless />
        {children}
      </body>
    </html>
  );
}
