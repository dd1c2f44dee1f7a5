import type { CallProvider } from "../call-provider";
import { exotelConfig } from "./config";

const TIMEOUT_MS = 10_000;

/**
 * Exotel's "connect two numbers" API: it dials the agent (From) first, then the customer
 * (To), showing the ExoPhone (CallerId). The end of the call comes back as a StatusCallback
 * (JSON, `terminal` event) to our webhook (lib/api/webhooks/exotel-call-status.ts).
 */
export const exotelCalls: CallProvider = {
  name: "exotel",
  async startCall(req) {
    const cfg = exotelConfig(req.config);
    const form = new URLSearchParams({
      From: `+${req.agentNumber}`,
      To: `+${req.customerNumber}`,
      CallerId: req.callerId,
      Record: "true",
      StatusCallback: req.statusCallbackUrl,
      "StatusCallbackEvents[0]": "terminal",
      StatusCallbackContentType: "application/json",
      CustomField: req.callId,
    });
    const url = `${cfg.baseUrl}/v1/Accounts/${encodeURIComponent(cfg.accountSid)}/Calls/connect.json`;
    const res = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${cfg.apiKey}:${cfg.apiToken}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: form.toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    let body: { Call?: { Sid?: string }; RestException?: { Message?: string } } = {};
    try {
      body = JSON.parse(text);
    } catch {
      // Exotel answers XML when it ignores the .json suffix; only the status matters then.
    }
    if (!res.ok || !body.Call?.Sid) {
      const reason = body.RestException?.Message ?? `HTTP ${res.status}`;
      throw new Error(`Exotel refused the call: ${reason}`);
    }
    return { providerCallSid: body.Call.Sid };
  },
};
