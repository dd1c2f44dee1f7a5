"use client";

import { useEffect, useRef } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Icon } from "@/components/ui/icons";

/**
 * The error boundary's screen: says what happened in plain words and offers "Try again"
 * (re-renders the segment) and a way home. No message or stack: in production the server
 * hides them anyway, and the digest is what an operator searches for in the log.
 */
export function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus to the news so a keyboard or screen-reader user learns the page failed.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card>
      <div role="alert" className="flex flex-col items-center px-6 py-12 text-center">
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <Icon name="warning" className="size-6" />
        </div>
        <h1 ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          This page could not be loaded
        </h1>
        <p className="mt-1 max-w-md text-sm text-slate-600">
          Something went wrong on our side. Your data is safe; try again, and if it keeps happening tell your
          operator
          {error.digest ? (
            <>
              {" "}
              the reference <code className="font-mono text-slate-800">{error.digest}</code>
            </>
          ) : null}
          .
        </p>
        <div className="mt-5 flex flex-wrap justify-center gap-2">
          <Button onClick={() => reset()}>Try again</Button>
          <ButtonLink href="/" variant="secondary">
            Go to the home page
          </ButtonLink>
        </div>
      </div>
    </Card>
  );
}
