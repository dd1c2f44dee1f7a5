"use client";

import { ActionSwitch } from "@/components/ui/action-switch";
import { Badge } from "@/components/ui/badge";
import type { Channel } from "@/lib/businesses/schemas";
import { setChannelAction } from "./actions";
import { channelNames } from "./business-row";

export function ChannelToggle(props: {
  businessId: string;
  businessName: string;
  channel: Channel;
  provider: string;
  enabled: boolean;
  detail: string;
}) {
  const name = channelNames[props.channel];
  return (
    <ActionSwitch
      label={`${name} for ${props.businessName}`}
      checked={props.enabled}
      save={(enabled) => setChannelAction({ businessId: props.businessId, channel: props.channel, enabled })}
      saved={(next) => ({
        title: `${name} ${next ? "enabled" : "disabled"}`,
        description: props.businessName,
      })}
      failedTitle="Could not change the channel"
    >
      {() => (
        <span className="text-sm">
          <span className="font-medium text-slate-900">{name}</span>{" "}
          <Badge tone={props.provider === "simulator" ? "accent" : "info"}>{props.provider}</Badge>
          {props.detail ? (
            <span className="ml-2 font-mono text-xs text-slate-500">{props.detail}</span>
          ) : null}
        </span>
      )}
    </ActionSwitch>
  );
}
