// Run by playwright.config.ts before an e2e server starts on PostgreSQL (E2E_DATABASE_URL):
// drops and creates the database named in argv[2] (a URL on that server), so every run, and
// every shard (one database per port), starts from nothing, as the embedded database does.
import pg from "pg";

const target = new URL(process.argv[2]!);
const name = decodeURIComponent(target.pathname.slice(1));
if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a database name this script creates: ${name}`);
const admin = new URL(target);
admin.pathname = "/postgres";
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await client.query(`CREATE DATABASE ${name}`);
await client.end();
