"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { ChannelSettingsView } from "@/lib/businesses/channel-settings-schemas";
import { channelNames } from "./business-row";
import { ChannelSettingsDialog, type Business } from "./channel-settings-dialog";

/** "Settings" beside a channel's switch: opens its provider, senders, secrets and webhook URL. */
export function ChannelSettingsButton({
  business,
  settings,
}: {
  business: Business;
  settings: ChannelSettingsView;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        Settings
        <span className="sr-only">
          {" "}
          of {channelNames[settings.channel]} for {business.name}
        </span>
      </Button>
      {open ? (
        <ChannelSettingsDialog business={business} settings={settings} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
