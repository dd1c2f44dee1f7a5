// A process that starts the embedded database on argv[2] and holds it until it is killed: the
// orphan tests kill it with SIGKILL, which leaves its postmaster running.
import { startEmbeddedDb } from "../lib/db/embedded";

const db = await startEmbeddedDb(process.argv[2]!);
process.stdout.write(`READY ${db.pid()}\n`);
setInterval(() => undefined, 60_000);
