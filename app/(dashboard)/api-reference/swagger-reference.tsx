"use client";

import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";

type SwaggerUiBundle = (opts: Record<string, unknown>) => unknown;
declare global {
  interface Window {
    SwaggerUIBundle?: SwaggerUiBundle;
  }
}

const ASSETS = "/api-reference/assets";

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const existing = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
    if (existing && window.SwaggerUIBundle) return resolve();
    const s = existing ?? document.createElement("script");
    s.src = src;
    s.async = true;
    s.addEventListener("load", () => resolve(), { once: true });
    s.addEventListener("error", () => reject(new Error("could not load Swagger UI")), { once: true });
    if (!existing) document.body.appendChild(s);
  });
}

/** Swagger UI on /api/openapi.json, loaded from our own server (no CDN). */
export function SwaggerReference() {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  useEffect(() => {
    let cancelled = false;
    loadScript(`${ASSETS}/swagger-ui-bundle.js`)
      .then(() => {
        if (cancelled || !ref.current || !window.SwaggerUIBundle) return;
        window.SwaggerUIBundle({
          url: "/api/openapi.json",
          domNode: ref.current,
          // Tags collapsed: rendering every operation at once is slow on small machines.
          docExpansion: "none",
          defaultModelsExpandDepth: 0,
          tryItOutEnabled: false,
          persistAuthorization: false,
          displayRequestDuration: true,
          // No badge from validator.swagger.io: nothing leaves the server (and the CSP allows
          // images from 'self' only).
          validatorUrl: null,
          filter: true,
        });
        setState("ready");
      })
      .catch(() => !cancelled && setState("failed"));
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <Card className="overflow-hidden">
      <link rel="stylesheet" href={`${ASSETS}/swagger-ui.css`} precedence="default" />
      {state === "loading" ? (
        <div className="flex items-center gap-2 p-6 text-sm text-slate-600">
          <Spinner /> Loading the reference…
        </div>
      ) : null}
      {state === "failed" ? (
        <div className="p-6">
          <Alert tone="danger" title="The interactive reference could not load">
            The OpenAPI document is still available at /api/openapi.json.
          </Alert>
        </div>
      ) : null}
      <div ref={ref} className="swagger-host" data-testid="swagger-ui" />
    </Card>
  );
}
