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
      confirmOff={{
        title: `Disable ${name} for ${props.businessName}?`,
        confirmLabel: `Disable ${name}`,
        description: (
          <>
            <span className="block">What stops within seconds:</span>
            <span className="mt-1 block">
              · new {name} sends are refused (400, &quot;channel is not enabled&quot;), from the API and the
              dashboard{props.channel === "rcs" ? ", RCS capability checks included" : ""};
            </span>
            <span className="block">
              · running {name} campaigns fail their remaining recipients with that reason.
            </span>
            <span className="mt-1 block">
              Messages already accepted still go out and report their statuses. Templates, settings and
              senders are kept; enabling it again resumes new sends.
            </span>
          </>
        ),
      }}
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
