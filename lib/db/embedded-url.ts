/**
 * The application_name the embedded database's URL carries (lib/db/embedded.ts). Code that
 * gets only a URL (this process's pool, worker processes, the admin CLI) tells from it that the
 * server behind it is the embedded one, which multiplexes connections onto one session.
 */
export const EMBEDDED_APPLICATION_NAME = "switchboard-embedded";

export function isEmbeddedUrl(url: string): boolean {
  try {
    return new URL(url).searchParams.get("application_name") === EMBEDDED_APPLICATION_NAME;
  } catch {
    return false;
  }
}
