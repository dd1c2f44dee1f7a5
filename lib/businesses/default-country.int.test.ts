import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { businesses, messages, profiles } from "@/db/schema";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { AppError } from "@/lib/errors";
import { uuidv7 } from "@/lib/ids";
import { searchMessages } from "@/lib/messages/status/search-messages";
import { listProfiles } from "@/lib/profiles/list-profiles";
import { editBusinessUser } from "@/lib/users/edit-business-user";
import { api } from "@/test/api";
import { createTestBusiness, createTestUser, uniq, type TestBusiness } from "@/test/factories";
import { createBusiness } from "./create-business";
import { getBusiness } from "./list-businesses";
import { setDefaultCountry } from "./set-default-country";

// The vendor's documented samples write phone numbers as 10-digit Indian national numbers:
// they must work for a business whose default country is IN, while numbers with
// their country code keep working for every business.
const ctx = systemCtx("test");
const USER = "/api/v1/business/user";
const CALL = "/api/v2/calling/telecalling";
const PROFILES = "/api/v3/profile/upload";
const q = (t: TestBusiness, extra = "") =>
  `apikey=${t.apiKey}&email=${encodeURIComponent(t.admin.email)}${extra}`;
const newUser = (phoneNumber: string) => ({
  phoneNumber,
  firstName: "Ravi",
  role: "AGENT",
  emailId: `agent-${uniq()}@example.test`,
});
const adminCtx = (t: TestBusiness) => ({
  db: db(),
  actor: { type: "user" as const, id: t.admin.id, role: "BUSINESS_ADMIN", businessId: t.business.id },
});

describe("business default country", () => {
  let india: TestBusiness;
  let us: TestBusiness;
  let none: TestBusiness;
  beforeAll(async () => {
    [india, us, none] = await Promise.all([
      createTestBusiness(undefined, { defaultCountry: "IN" }),
      createTestBusiness(undefined, { defaultCountry: "US" }),
      createTestBusiness(),
    ]);
  });

  describe("the setting", () => {
    it("is set at creation (any case) and is none unless the operator picks one", async () => {
      const made = await createBusiness(ctx, { name: `Country ${uniq()}`, defaultCountry: "gb" });
      expect(made.defaultCountry).toBe("GB");
      expect((await getBusiness(ctx, made.id)).defaultCountry).toBe("GB");
      expect(none.business.defaultCountry).toBeNull();
    });

    it('is changed by setDefaultCountry ("" or null clears it) and refuses unknown codes', async () => {
      const t = await createTestBusiness();
      expect(await setDefaultCountry(ctx, { businessId: t.business.id, defaultCountry: "in" })).toEqual({
        defaultCountry: "IN",
      });
      expect((await getBusiness(ctx, t.business.id)).defaultCountry).toBe("IN");
      await setDefaultCountry(ctx, { businessId: t.business.id, defaultCountry: "" });
      expect((await getBusiness(ctx, t.business.id)).defaultCountry).toBeNull();
      for (const bad of ["XX", "IND", "1", 42]) {
        const err = await setDefaultCountry(ctx, { businessId: t.business.id, defaultCountry: bad }).catch(
          (e: unknown) => e,
        );
        expect(err, String(bad)).toMatchObject({ issues: [{ path: ["defaultCountry"] }] });
      }
      const missing = await setDefaultCountry(ctx, { businessId: uuidv7(), defaultCountry: "IN" }).catch(
        (e: unknown) => e,
      );
      expect(missing).toBeInstanceOf(AppError);
      expect((missing as AppError).code).toBe("not_found");
    });

    it("is guarded by the database too: only two capital letters", async () => {
      await expect(
        db().update(businesses).set({ defaultCountry: "india" }).where(eq(businesses.id, none.business.id)),
      ).rejects.toThrow();
    });
  });

  describe("G1 / G2 users", () => {
    it("G1 takes the vendor's 10-digit sample for an IN business and answers it as E.164 digits", async () => {
      const res = await api(`${USER}?${q(india)}`, { json: newUser("9876543210") });
      expect(res.status).toBe(200);
      expect(res.json.phoneNumber).toBe("919876543210");
    });

    it("G1 form-encoded with the sample works too", async () => {
      const form = new URLSearchParams(newUser("9876543210"));
      const res = await api(`${USER}?${q(india)}`, {
        body: form.toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(res.status).toBe(200);
      expect(res.json.phoneNumber).toBe("919876543210");
    });

    it("G2 callingEnabled takes the sample for an IN business", async () => {
      const u = await createTestUser(india.business.id);
      const res = await api(`${USER}?${q(india)}`, {
        method: "PATCH",
        json: { type: "callingEnabled", userId: u.id, callingEnabled: true, phoneNumber: "9876543210" },
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ callingEnabled: true, phoneNumber: "919876543210" });
    });

    it("numbers with their country code work for every business, whatever its default", async () => {
      for (const t of [india, us, none]) {
        for (const [typed, stored] of [
          ["+919812345678", "919812345678"],
          ["919812345678", "919812345678"],
          ["+1 415 555 0100", "14155550100"],
          ["14155550100", "14155550100"],
        ]) {
          const res = await api(`${USER}?${q(t)}`, { json: newUser(typed!) });
          expect(res.status, `${typed} for ${t.business.defaultCountry}`).toBe(200);
          expect(res.json.phoneNumber).toBe(stored);
        }
      }
    });

    it("a US business reads a national number as American", async () => {
      const res = await api(`${USER}?${q(us)}`, { json: newUser("(415) 555-0100") });
      expect(res.json.phoneNumber).toBe("14155550100");
    });

    it("without a default country a national number is a 400 that says to add the country code", async () => {
      const res = await api(`${USER}?${q(none)}`, { json: newUser("9876543210") });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("invalid_request");
      expect(res.json.error.details).toEqual([
        { path: "phoneNumber", message: expect.stringMatching(/country code.*no default country/) },
      ]);
      expect(res.json.error.requestId).toBeTruthy();
    });

    it("a number that is not one of the default country's is a 400 naming it", async () => {
      const res = await api(`${USER}?${q(india)}`, { json: newUser("12345") });
      expect(res.status).toBe(400);
      expect(res.json.error.details[0]).toMatchObject({ path: "phoneNumber", message: /IN/ });
      const letters = await api(`${USER}?${q(india)}`, { json: newUser("98765abc10") });
      expect(letters.status).toBe(400);
      expect(letters.json.error.details[0].path).toBe("phoneNumber");
    });

    it("the dashboard edit reads a national number with the default country", async () => {
      const u = await createTestUser(india.business.id);
      const saved = await editBusinessUser(adminCtx(india), india.business.id, {
        userId: u.id,
        firstName: "Asha",
        phoneNumber: "98765 43299",
        role: "AGENT",
      });
      expect(saved.phoneNumber).toBe("919876543299");
    });
  });

  describe("G9 calls", () => {
    it("calls the vendor's national sample for an IN business, as E.164 digits", async () => {
      const agent = await createTestUser(india.business.id, { callingEnabled: true });
      const res = await api(`${CALL}?apikey=${india.apiKey}&email=${agent.email}&call_to=9876543215`);
      expect(res.status).toBe(200);
      expect(res.json.to).toBe("919876543215");
    });

    it("the default country wins over the registered number's country", async () => {
      // The simulator's registered number is Indian; the business's default is US.
      const agent = await createTestUser(us.business.id, { callingEnabled: true });
      const res = await api(`${CALL}?apikey=${us.apiKey}&email=${agent.email}&call_to=4155550101`);
      expect(res.status).toBe(200);
      expect(res.json.to).toBe("14155550101");
    });

    it("a call_to with its country code works for any default", async () => {
      const agent = await createTestUser(india.business.id, { callingEnabled: true });
      const res = await api(`${CALL}?apikey=${india.apiKey}&email=${agent.email}&call_to=14155550102`);
      expect(res.status).toBe(200);
      expect(res.json.to).toBe("14155550102");
    });
  });

  describe("F1 profiles", () => {
    const upload = (t: TestBusiness, profile: unknown[]) =>
      api(PROFILES, { headers: { "x-api-key": t.apiKey }, json: { profile } });
    const stored = async (t: TestBusiness, phone: string) =>
      (
        await db()
          .select()
          .from(profiles)
          .where(and(eq(profiles.businessId, t.business.id), eq(profiles.phone, phone)))
      )[0];

    it("takes profiles without countrycode with the business's default country", async () => {
      const res = await upload(india, [
        { phone: "9876543210", name: "Asha" },
        { phone: "+14155550100", name: "Sam" },
        { phone: "9876543211", countrycode: "" },
      ]);
      expect(res.json).toMatchObject({ status: "success", uploaded: 3, rejected: 0 });
      expect(await stored(india, "919876543210")).toMatchObject({ name: "Asha", countryCode: "IN" });
      expect(await stored(india, "14155550100")).toMatchObject({ name: "Sam", countryCode: "US" });
      expect(await stored(india, "919876543211")).toMatchObject({ countryCode: "IN" });
    });

    it("an explicit countrycode still wins over the default", async () => {
      const res = await upload(india, [{ phone: "4155550103", countrycode: "US" }]);
      expect(res.json).toMatchObject({ uploaded: 1 });
      expect(await stored(india, "14155550103")).toMatchObject({ countryCode: "US" });
    });

    it("without a default country, countrycode stays required, with a reason that says why", async () => {
      const res = await upload(none, [{ phone: "9876543210" }, { phone: "9876543210", countrycode: "IN" }]);
      expect(res.json).toMatchObject({ status: "success with errors", uploaded: 1, rejected: 1 });
      expect(res.json.errors).toEqual([
        { index: 0, reason: expect.stringMatching(/^countrycode: Required/) },
      ]);
    });
  });

  describe("dashboard filters", () => {
    beforeAll(async () => {
      for (const recipient of ["919876500001", "919876500002", "14155550100"]) {
        await db()
          .insert(messages)
          .values({
            id: uuidv7(),
            businessId: india.business.id,
            transactionId: uuidv7(),
            channel: "chatapp",
            sender: "1055",
            recipient,
            msgType: "template",
            templateName: "order_update",
            language: "en_US",
            content: { kind: "template" },
            messageRef: uuidv7(),
            provider: "simulator",
          });
      }
      await upload(india, [{ phone: "9876500009", countrycode: "IN", name: "Filter Me" }]);
    });
    const upload = (t: TestBusiness, profile: unknown[]) =>
      api(PROFILES, { headers: { "x-api-key": t.apiKey }, json: { profile } });
    const search = (filters: object, q?: string) =>
      searchMessages(ctx, india.business.id, { filters, q, limit: 25, offset: 0 });

    it("a recipient filter typed as a national number finds the full number", async () => {
      const whole = await search({ number: "9876500001" });
      expect(whole.rows.map((r) => r.recipient)).toEqual(["919876500001"]);
      expect((await search({ number: "98765" })).total).toBe(2);
      expect((await search({}, "9876500002")).rows.map((r) => r.recipient)).toEqual(["919876500002"]);
    });

    it("numbers with their country code still filter as before", async () => {
      expect((await search({ number: "+9198765" })).total).toBe(2);
      expect((await search({ number: "14155550100" })).total).toBe(1);
    });

    it("the profiles search finds a national number", async () => {
      const page = await listProfiles(ctx, india.business.id, { search: "09876500009" });
      expect(page.rows.map((r) => r.name)).toEqual(["Filter Me"]);
    });
  });
});
