import { existsSync, readFileSync } from "node:fs";
import { refusalsFile } from "./loopback-guard";

/** Fails the e2e run when the server tried to connect outside loopback during it. */
export default function loopbackGuardTeardown(): void {
  const file = refusalsFile();
  const refused = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
  if (refused) throw new Error(`The e2e server connected outside loopback:\n${refused}`);
}
