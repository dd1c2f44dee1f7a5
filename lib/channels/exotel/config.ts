import { readSecret } from "../channel-secrets";
import { env } from "../../env";

/**
 * Exotel settings: per business in calling_settings.config (`accountSid`, `apiKey`,
 * `apiToken` sealed at rest, optional `baseUrl`, `timeOffset`), with process-wide fallbacks. The base URL is
 * configurable so tests (and the Mumbai cluster, api.in.exotel.com) can point elsewhere.
 */
export type ExotelConfig = {
  baseUrl: string;
  accountSid: string;
  apiKey: string;
  apiToken: string;
  timeOffset: string;
};

export function exotelConfig(config: Record<string, unknown>): ExotelConfig {
  const cfg = env();
  const accountSid = str(config.accountSid) ?? cfg.EXOTEL_ACCOUNT_SID;
  const apiKey = readSecret(config, "apiKey") ?? cfg.EXOTEL_API_KEY;
  const apiToken = readSecret(config, "apiToken") ?? cfg.EXOTEL_API_TOKEN;
  if (!accountSid || !apiKey || !apiToken) {
    throw new Error("exotel needs accountSid, apiKey and apiToken (calling settings or EXOTEL_* env)");
  }
  const baseUrl = (str(config.baseUrl) ?? cfg.EXOTEL_BASE_URL).replace(/\/$/, "");
  // Exotel reports local times without a zone; its Indian accounts run on IST.
  const timeOffset = str(config.timeOffset) ?? cfg.EXOTEL_TIME_OFFSET;
  return { baseUrl, accountSid, apiKey, apiToken, timeOffset };
}

const str = (v: unknown) => (typeof v === "string" && v.length > 0 ? v : undefined);
