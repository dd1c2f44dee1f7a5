import path from "node:path";
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { createApiKey } from "../lib/api-keys/create-api-key";
import { ensureAuthSecret } from "../lib/auth/auth-secret";
import { listApiKeyRates } from "../lib/api-keys/list-api-key-rates";
import { listApiKeys } from "../lib/api-keys/list-api-keys";
import { apiKeyRateArgs } from "../lib/api-keys/rate-schemas";
import { revokeApiKey } from "../lib/api-keys/revoke-api-key";
import { setApiKeyRate } from "../lib/api-keys/set-api-key-rate";
import { createBusiness } from "../lib/businesses/create-business";
import { channelSecretKeys } from "../lib/businesses/channel-settings-schemas";
import { getBusiness, listBusinesses } from "../lib/businesses/list-businesses";
import { sealStoredSecrets } from "../lib/businesses/seal-stored-secrets";
import { setBusinessEnabled } from "../lib/businesses/set-business-enabled";
import { setChannel } from "../lib/businesses/set-channel";
import { setDefaultCountry } from "../lib/businesses/set-default-country";
import { updateChannelSettings } from "../lib/businesses/update-channel-settings";
import { systemCtx } from "../lib/context";
import { closeDb, pool, setDatabaseUrl } from "../lib/db/pool";
import { runningEmbeddedUrl, startEmbeddedDb, type EmbeddedDb } from "../lib/db/embedded";
import { migrate } from "../lib/db/migrate";
import { backupEmbedded, restoreEmbedded } from "../lib/db/embedded-backup";
import { isOldBackup, restoreOldBackup, upgradeFromPglite } from "../lib/db/pglite-upgrade";
import { env } from "../lib/env";
import { AppError } from "../lib/errors";
import { listSenderRates } from "../lib/messages/dispatch/list-sender-rates";
import { setSenderRate } from "../lib/messages/dispatch/sender-rate";
import { senderRateForm } from "../lib/messages/dispatch/sender-rate-schemas";
import { createDashboardUser } from "../lib/users/create-dashboard-user";
import { readSecret } from "./read-secret";

const USAGE = `Switchboard admin CLI: npm run admin -- <command> [options]

  business:create   --name <name> [--country <IN|US|...>] [--no-chatapp] [--no-rcs]
  business:country  --business <id> --country <IN|US|...|none>   default country of national phone numbers
  business:list
  business:show     --business <id>
  business:enable   --business <id>
  business:disable  --business <id>
  channel:enable    --business <id> --channel chatapp|rcs [--provider <p>] [--phone-number-ids a,b] [--agent-id <id>]
  channel:disable   --business <id> --channel chatapp|rcs
  channel:configure --business <id> --channel chatapp|rcs [--provider <p>] [--phone-number-ids a,b] [--agent-id <id>]
                    [--waba-id <id>] [--app-id <id>] [--access-token <t>] [--app-secret <s>] [--verify-token <t>]
                    [--client-token <t>] [--clear accessToken,appSecret,...]
                    secrets are stored sealed and never printed; flags show in \`ps\`: prefer the console
  secrets:seal      seal provider credentials still stored in plain text (optional; saving seals them too)
  sender:list       --business <id>                       senders (phoneNumberIds, RCS agent) and their rates
  sender:rate       --business <id> --sender <id> --per-second <1-1000|default> [--channel chatapp|rcs]
  key:create        --business <id> [--name <name>]      prints the key once
  key:list          --business <id>
  key:revoke        --business <id> --key <key id>
  key:rates         --business <id>                       keys and the request rate limit in force for each
  key:rate          --business <id> --key <key id> --per-second <n|0|default> [--burst <n|default>]
                    requests/s shared by all instances; 0 = no limit; default = API_RATE_LIMIT/API_RATE_BURST
  operator:create   --email <e-mail> [--name <first name>]
  admin:create      --business <id> --email <e-mail> [--name <first name>]
                    the password is asked for and not shown as typed (or read as a line from a pipe);
                    --password <password> still works but shows in \`ps\` and the shell's history
  backup            --out <file>    embedded database (one snapshot, also while the server runs), auth secret and media of DATA_DIR
  restore           --in <file>     into an empty DATA_DIR (a backup of this version or of a PGlite release); then start the server on it
                    PostgreSQL (DATABASE_URL): use pg_dump / pg_restore (docs/operations.md, Backup)
  upgrade-embedded                  DATA_DIR/pg written by PGlite (before 2026-12) -> embedded PostgreSQL; the old directory is kept
  database-url                      the running embedded database's URL, password included (for pg_dump when moving to a server)

Uses DATABASE_URL, or the embedded database under DATA_DIR (default .data), also while the server runs.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: "string" },
    country: { type: "string" },
    business: { type: "string" },
    channel: { type: "string" },
    provider: { type: "string" },
    "phone-number-ids": { type: "string" },
    "agent-id": { type: "string" },
    "waba-id": { type: "string" },
    "app-id": { type: "string" },
    "access-token": { type: "string" },
    "app-secret": { type: "string" },
    "verify-token": { type: "string" },
    "client-token": { type: "string" },
    clear: { type: "string" },
    sender: { type: "string" },
    "per-second": { type: "string" },
    burst: { type: "string" },
    key: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
    "no-chatapp": { type: "boolean" },
    "no-rcs": { type: "boolean" },
    out: { type: "string" },
    in: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

function need(name: keyof typeof values): string {
  const v = values[name];
  if (typeof v !== "string" || !v) throw new AppError("invalid_request", `--${name} is required`);
  return v;
}

/** The new user's password: asked without echo unless given (with a warning) as a flag. */
async function password(): Promise<string> {
  if (values.password) {
    console.error("Note: --password shows in `ps` and the shell's history; leave it out to be asked.");
    return values.password;
  }
  const first = await readSecret("Password: ");
  if (process.stdin.isTTY && first !== (await readSecret("Repeat the password: ")))
    throw new AppError("invalid_request", "The two passwords differ");
  return first;
}

const ctx = () => systemCtx("admin-cli");
const print = (v: unknown) => console.log(JSON.stringify(v, null, 2));

const commands: Record<string, () => Promise<void>> = {
  "business:create": async () =>
    print(
      await createBusiness(ctx(), {
        name: need("name"),
        defaultCountry: values.country ?? null,
        chatappEnabled: !values["no-chatapp"],
        rcsEnabled: !values["no-rcs"],
      }),
    ),
  "business:country": async () =>
    print(
      await setDefaultCountry(ctx(), {
        businessId: need("business"),
        defaultCountry: need("country").toLowerCase() === "none" ? null : need("country"),
      }),
    ),
  "business:list": async () =>
    print(
      (await listBusinesses(ctx())).map((b) => ({
        id: b.id,
        name: b.name,
        enabled: b.enabled,
        defaultCountry: b.defaultCountry,
      })),
    ),
  "business:show": async () => print(await getBusiness(ctx(), need("business"))),
  "business:enable": () => setBusinessEnabled(ctx(), { businessId: need("business"), enabled: true }),
  "business:disable": () => setBusinessEnabled(ctx(), { businessId: need("business"), enabled: false }),
  "channel:enable": async () => print(await channel(true)),
  "channel:disable": async () => print(await channel(false)),
  "channel:configure": async () => print(await configureChannel()),
  "secrets:seal": async () => print(await sealStoredSecrets(ctx())),
  "sender:list": async () => print(await listSenderRates(ctx(), need("business"))),
  "sender:rate": async () => print(await setSenderRate(ctx(), senderRateArgs())),
  "key:create": async () => {
    const k = await createApiKey(ctx(), { businessId: need("business"), name: values.name ?? "CLI key" });
    print({ id: k.id, name: k.name, key: k.key, note: "Shown once: store it now." });
  },
  "key:list": async () => print(await listApiKeys(ctx(), need("business"))),
  "key:revoke": async () => {
    await revokeApiKey(ctx(), { businessId: need("business"), id: need("key") });
    console.log("revoked");
  },
  "key:rates": async () => print(await listApiKeyRates(ctx(), need("business"))),
  "key:rate": async () =>
    print(
      await setApiKeyRate(
        ctx(),
        apiKeyRateArgs.parse({
          businessId: need("business"),
          keyId: need("key"),
          perSecond: need("per-second"),
          burst: values.burst,
        }),
      ),
    ),
  "operator:create": async () =>
    print(
      await createDashboardUser(ctx(), {
        businessId: null,
        role: "OPERATOR",
        email: need("email"),
        password: await password(),
        firstName: values.name ?? "Operator",
      }),
    ),
  "admin:create": async () =>
    print(
      await createDashboardUser(ctx(), {
        businessId: need("business"),
        role: "BUSINESS_ADMIN",
        email: need("email"),
        password: await password(),
        firstName: values.name ?? "Admin",
      }),
    ),
};

function channel(enabled: boolean) {
  const ids = values["phone-number-ids"];
  return setChannel(ctx(), {
    businessId: need("business"),
    channel: need("channel") as "chatapp" | "rcs",
    enabled,
    provider: values.provider,
    phoneNumberIds: ids ? ids.split(",").map((s) => s.trim()) : undefined,
    agentId: values["agent-id"],
  });
}

/** channel:configure: absent flags keep what is stored; prints the view (secrets as true/false). */
function configureChannel() {
  const ids = values["phone-number-ids"];
  const clear = values.clear ? values.clear.split(",").map((s) => s.trim()) : [];
  return updateChannelSettings(ctx(), {
    businessId: need("business"),
    channel: need("channel") as "chatapp" | "rcs",
    provider: values.provider,
    phoneNumberIds: ids,
    agentId: values["agent-id"],
    wabaId: values["waba-id"],
    appId: values["app-id"],
    accessToken: values["access-token"],
    appSecret: values["app-secret"],
    verifyToken: values["verify-token"],
    clientToken: values["client-token"],
    clear: clear as (typeof channelSecretKeys)[number][],
  });
}

/** `--per-second 250` or `--per-second default` (`--channel` when a number and the agent share an id), checked by the console's form schema. */
function senderRateArgs() {
  const raw = need("per-second");
  return senderRateForm.parse({
    businessId: need("business"),
    sender: need("sender"),
    channel: values.channel,
    perSecond: raw,
  });
}

/** backup and restore work on DATA_DIR's files, not through a database connection. */
const fileCommands: Record<string, () => Promise<void>> = {
  backup: async () => {
    if (env().DATABASE_URL)
      throw new AppError("invalid_request", "DATABASE_URL is set: back it up with pg_dump");
    print(await backupEmbedded(env().DATA_DIR, need("out")));
  },
  restore: async () => {
    if (env().DATABASE_URL)
      throw new AppError("invalid_request", "DATABASE_URL is set: restore it with pg_restore");
    const file = need("in");
    print(
      isOldBackup(file)
        ? await restoreOldBackup(env().DATA_DIR, file)
        : await restoreEmbedded(env().DATA_DIR, file),
    );
  },
  "database-url": async () => {
    if (env().DATABASE_URL) throw new AppError("invalid_request", "DATABASE_URL is set: that is the URL");
    const url = runningEmbeddedUrl(path.join(env().DATA_DIR, "pg"));
    if (!url)
      throw new AppError(
        "invalid_request",
        `no embedded database runs in ${env().DATA_DIR}: start the server first`,
      );
    console.log(url);
  },
  "upgrade-embedded": async () => {
    if (env().DATABASE_URL)
      throw new AppError("invalid_request", "DATABASE_URL is set: there is no embedded database to upgrade");
    print(await upgradeFromPglite(env().DATA_DIR));
  },
};

async function main(): Promise<number> {
  const name = positionals[0];
  const fileCommand = name ? fileCommands[name] : undefined;
  if (fileCommand && !values.help) {
    try {
      await fileCommand();
      return 0;
    } catch (err) {
      console.error(`error: ${(err as Error).message}`);
      return 1;
    }
  }
  const run = name ? commands[name] : undefined;
  if (values.help || !run) {
    console.log(USAGE);
    return name && !values.help ? 2 : 0;
  }
  // The same key as the server's for sealed provider credentials (CALLBACK_SECRET_KEY, else
  // AUTH_SECRET, else the one the server generated under DATA_DIR).
  ensureAuthSecret(env().DATA_DIR);
  let embedded: EmbeddedDb | undefined;
  const dataDir = path.join(env().DATA_DIR, "pg");
  const url = env().DATABASE_URL ?? runningEmbeddedUrl(dataDir);
  if (url) setDatabaseUrl(url);
  else {
    embedded = await startEmbeddedDb(dataDir);
    setDatabaseUrl(embedded.url);
  }
  try {
    await migrate(pool());
    await run();
    return 0;
  } catch (err) {
    if (err instanceof AppError)
      console.error(`error: ${err.message}`, err.details.length ? err.details : "");
    else if (err instanceof ZodError)
      console.error(`error: ${err.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    else throw err;
    return 1;
  } finally {
    await closeDb();
    await embedded?.stop();
  }
}

process.exitCode = await main();
