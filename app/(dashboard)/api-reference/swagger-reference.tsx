"use client";

import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { switchboardLayoutPlugin } from "./swagger-layout";
import { tailorSpec, type OpenApiDoc } from "./tailor-spec";

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

/**
 * What Swagger UI's own markup gets wrong on this page, patched after each render (its React
 * re-renders parts, so an observer re-applies it): its info title is an <h1> although the page
 * has its heading already and the tags below are <h3> (axe heading-order): it reads as level 2.
 * A <main> it renders for JSON Schema models (OAS 3.1) gets a plain role; the operations'
 * <main> is replaced by the layout (swagger-layout.ts), since axe refuses any role on a main.
 */
function patchMarkup(root: HTMLElement): () => void {
  const fix = () => {
    root.querySelectorAll(".info .title:not([aria-level])").forEach((t) => t.setAttribute("aria-level", "2"));
    root.querySelectorAll("main:not([role])").forEach((m) => m.setAttribute("role", "group"));
  };
  fix();
  const observer = new MutationObserver(fix);
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * Swagger UI on /api/openapi.json, loaded from our own server (no CDN), tailored to the user:
 * their business id in "Try it out", the Internal section for operators only.
 */
export function SwaggerReference({
  businessId,
  showInternal,
}: {
  businessId: string | null;
  showInternal: boolean;
}) {
  // Fetched from the page's head while React hydrates, not after: the 1.5 MB bundle and the
  // document are what the reference waits for (the effect below then finds them cached).
  preload(`${ASSETS}/swagger-ui-bundle.js`, { as: "script" });
  preload("/api/openapi.json", { as: "fetch", crossOrigin: "anonymous" });
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  useEffect(() => {
    let cancelled = false;
    let stopObserving = () => {};
    Promise.all([
      loadScript(`${ASSETS}/swagger-ui-bundle.js`),
      fetch("/api/openapi.json").then((r) => {
        if (!r.ok) throw new Error(`openapi.json: ${r.status}`);
        return r.json() as Promise<OpenApiDoc>;
      }),
    ])
      .then(([, doc]) => {
        if (cancelled || !ref.current || !window.SwaggerUIBundle) return;
        stopObserving = patchMarkup(ref.current);
        window.SwaggerUIBundle({
          spec: tailorSpec(doc, { businessId, showInternal }),
          domNode: ref.current,
          plugins: [switchboardLayoutPlugin],
          layout: "SwitchboardLayout",
          // Tags collapsed: rendering every operation at once is slow on small machines.
          docExpansion: "none",
          // The Schemas section at the end lists every schema of the document (hundreds): left
          // out, each operation still shows its own request and response schemas.
          defaultModelsExpandDepth: -1,
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
      stopObserving();
    };
  }, [businessId, showInternal]);
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
