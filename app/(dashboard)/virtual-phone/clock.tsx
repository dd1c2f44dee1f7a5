import { formatInZone } from "@/components/ui/format";
import { time } from "./phone-format";

/** A bubble's time: hh:mm:ss in the business's zone, the full date and zone on hover. */
export function Clock({ at, timeZone }: { at: number; timeZone: string }) {
  const date = new Date(at * 1000);
  return (
    <time dateTime={date.toISOString()} title={formatInZone(date, timeZone, { seconds: true })}>
      {time(at, timeZone)}
    </time>
  );
}
