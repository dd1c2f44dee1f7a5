import { hostname } from "node:os";
import { env } from "../env";
import { runtime } from "../runtime";

declare module "../runtime" {
  interface Runtime {
    /** This process's own id (processId), one for every bundle's copy of this module. */
    processId: string;
  }
}

/** This process's own id among the worker heartbeats: host, pid and start time, never reused. */
export const processId = (): string =>
  (runtime().processId ??= `${hostname()}:${process.pid}:${Date.now().toString(36)}`);

/**
 * The instance this process belongs to: INSTANCE_ID (a ROLE=all parent sets it for its worker
 * children, an operator may set it per instance), else this process's own id.
 */
export const instanceId = (): string => env().INSTANCE_ID ?? processId();
