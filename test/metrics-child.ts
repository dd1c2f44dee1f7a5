// A stand-in worker process for lib/metrics/metrics.int.test.ts (its fork): counts two messages in its own
// registry and answers its parent's metrics requests, as a ROLE=worker child of ROLE=all does.
import { resetEnv } from "../lib/env";
import { answerParentMetrics } from "../lib/metrics/child-metrics";
import { countMessageStatuses } from "../lib/metrics/record";

process.env.METRICS_PORT = "0";
resetEnv();
countMessageStatuses([
  { status: "sent", channel: "chatapp", provider: "child-fixture" },
  { status: "sent", channel: "chatapp", provider: "child-fixture" },
]);
answerParentMetrics();
process.send?.("ready");
// Stays up until the parent disconnects.
process.channel?.ref();
process.on("disconnect", () => process.exit(0));
