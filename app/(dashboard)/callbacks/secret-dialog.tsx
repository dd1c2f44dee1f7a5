"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Select } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import { DEFAULT_ROTATION_GRACE_SECONDS } from "@/lib/callbacks/schemas";
import { revealSecretAction, rotateSecretAction } from "./actions";
import type { Row } from "./endpoint-row";
import { SecretBox } from "./secret-box";

const graceOptions = [
  { value: "0", label: "Stop it now" },
  { value: String(60 * 60), label: "1 hour" },
  { value: String(DEFAULT_ROTATION_GRACE_SECONDS), label: "24 hours" },
  { value: String(7 * 24 * 60 * 60), label: "7 days" },
];

export function SecretDialog({ endpoint, onClose }: { endpoint: Row | null; onClose: () => void }) {
  const router = useRouter();
  const [secret, setSecret] = useState<string | null>(null);
  // Set after a rotation in this dialog: when the old secret stops (null: at once).
  const [rotated, setRotated] = useState<{ expiresAt: number | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [grace, setGrace] = useState(String(DEFAULT_ROTATION_GRACE_SECONDS));

  function close() {
    setSecret(null);
    setRotated(null);
    setError(null);
    setConfirming(false);
    setGrace(String(DEFAULT_ROTATION_GRACE_SECONDS));
    onClose();
  }

  async function reveal() {
    if (!endpoint) return;
    setBusy(true);
    setError(null);
    const res = await revealSecretAction(endpoint.id);
    setBusy(false);
    if (res.ok) setSecret(res.data.secret);
    else setError(res.message);
  }

  async function rotate() {
    if (!endpoint) return;
    setBusy(true);
    setError(null);
    const res = await rotateSecretAction(endpoint.id, Number(grace));
    setBusy(false);
    setConfirming(false);
    if (!res.ok) return setError(res.message);
    setSecret(res.data.secret);
    setRotated({ expiresAt: res.data.previousSecretExpiresAt });
    router.refresh();
  }

  const previousUntil = rotated ? rotated.expiresAt : (endpoint?.previousSecretExpiresAt ?? null);

  return (
    <Dialog
      open={endpoint !== null}
      onClose={close}
      title="Signing secret"
      description={endpoint?.url}
      footer={
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
      }
    >
      <div className="space-y-4">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        {secret ? (
          <SecretBox secret={secret} />
        ) : (
          <Button
            onClick={reveal}
            loading={busy && !confirming}
            icon={<Icon name="key" className="size-4" />}
          >
            Reveal secret
          </Button>
        )}
        {rotated ? (
          <Alert tone={rotated.expiresAt === null ? "warning" : "info"}>
            {rotated.expiresAt === null
              ? "Secret rotated. Requests are signed with the new secret only: give it to the receiver now."
              : `Secret rotated. Until ${formatDateTime(rotated.expiresAt * 1000)} every request carries two signatures, one with this new secret and one with the previous secret, so the receiver keeps verifying while you switch it to the new one.`}
          </Alert>
        ) : previousUntil !== null ? (
          <p className="text-sm text-amber-700">
            Previous secret valid until {formatDateTime(previousUntil * 1000)}: requests carry a signature
            with it as well.
          </p>
        ) : null}
        <p className="text-sm text-slate-600">
          The receiver verifies <code className="font-mono text-xs">webhook-signature</code> with this secret
          (see the Callbacks guide). After a rotation the previous secret keeps signing too for the period you
          choose, so the receiver can switch without missing a request.
        </p>
        {confirming ? (
          <Alert tone="warning">
            <div className="space-y-3">
              <p>Rotate the secret? Every request is signed with the new one from now on.</p>
              <Select
                label="Previous secret keeps signing for"
                hint="Until then each request carries both signatures; a receiver holding either secret verifies it."
                options={graceOptions}
                value={grace}
                onChange={(e) => setGrace(e.target.value)}
              />
              <div className="flex gap-2">
                <Button variant="danger" size="sm" loading={busy} onClick={rotate}>
                  Rotate secret
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
                  Keep the current secret
                </Button>
              </div>
            </div>
          </Alert>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Rotate secret
          </Button>
        )}
      </div>
    </Dialog>
  );
}
