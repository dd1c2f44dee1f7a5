/**
 * The process's runtime: every piece of state Switchboard keeps per process, in one typed
 * object (docs/architecture.md, rule 19).
 *
 * Why one object on globalThis: server.ts runs the Hono API, the job workers and the Next.js
 * dashboard in one process, and the Next.js bundle loads its own copy of each lib module. A
 * module-level variable would exist twice: two pools, two key caches, a listener registered in
 * one copy and never called by the other. So what must be one per process lives here, under
 * one key, and nowhere else (lib/process-state.test.ts fails on any other use of globalThis).
 *
 * Each module declares the part it owns by adding a field to `Runtime` (module augmentation:
 * a type, so no import cycle) and reads it with `runtimeSlot`, made on first use. `Runtime`
 * is therefore the list of everything a process holds. lib/server/start.ts and the test setup
 * create the object before anything else runs (`createRuntime`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by augmentation
export interface Runtime {}

const KEY = "__switchboard";
type Global = { [KEY]?: Partial<Runtime> };

/** The process's runtime object (made if this is the first call). */
export function createRuntime(): Partial<Runtime> {
  const g = globalThis as unknown as Global;
  return (g[KEY] ??= {});
}

/** The process's runtime; its fields are undefined until their module first needs them. */
export const runtime = createRuntime;

/** A module's part of the runtime, made by `init` the first time any copy of the module asks. */
export function runtimeSlot<K extends keyof Runtime>(key: K, init: () => Runtime[K]): Runtime[K] {
  const r = runtime();
  return (r[key] ??= init()) as Runtime[K];
}
