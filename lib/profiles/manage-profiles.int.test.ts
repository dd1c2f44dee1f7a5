import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { createTestBusiness } from "@/test/factories";
import { deleteProfile, editProfile } from "./edit-profile";
import { exportProfiles } from "./export-profiles";
import { listProfiles } from "./list-profiles";
import { uploadProfiles } from "./upload-profiles";

const ctx = systemCtx("test");
const all = async (g: AsyncGenerator<string>) => {
  let s = "";
  for await (const part of g) s += part;
  return s;
};

describe("profiles: edit, delete, sort, export, repeated numbers", () => {
  it("does all of it within the business only", async () => {
    const t = await createTestBusiness("Profiles", { defaultCountry: "IN" });
    const other = await createTestBusiness();
    const res = await uploadProfiles(ctx, t.business.id, {
      profile: [
        { phone: "9810000001", name: '=HYPERLINK("http://evil")', city: "Pune" },
        { phone: "9810000002", name: "Zed", age: 30 },
        { phone: "+91 98100 00001", name: "Asha" }, // the first row's number again
      ],
    });
    expect(res.accepted.map((a) => a.phone)).toEqual(["919810000001", "919810000002", "919810000001"]);
    await uploadProfiles(ctx, other.business.id, { profile: [{ phone: "9810000009", name: "Other" }] });

    const byName = await listProfiles(ctx, t.business.id, { sort: { id: "name", desc: false } });
    expect(byName.rows.map((r) => r.name)).toEqual(["Asha", "Zed"]);

    await uploadProfiles(ctx, t.business.id, { profile: [{ phone: "9810000003", name: "-1+1" }] });
    const csv = await all(exportProfiles(ctx, t.business.id));
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("phone,countrycode,name,age,gender,dob,businesssubscriberid,city,updated_at");
    expect(lines).toHaveLength(4);
    expect(csv).toContain(",'-1+1,");
    expect(csv).not.toContain("Other");
    expect((await all(exportProfiles(ctx, t.business.id, "Zed"))).trim().split("\r\n")).toHaveLength(2);

    const zed = byName.rows[1]!;
    await editProfile(ctx, t.business.id, {
      id: zed.id,
      name: "Zed Two",
      city: "",
      age: "31",
      gender: "",
      dob: "21/04/1993",
      businessSubscriberId: "CRM-2",
    });
    const edited = (await listProfiles(ctx, t.business.id, { search: "Zed" })).rows[0]!;
    expect(edited).toMatchObject({ name: "Zed Two", age: 31, dob: "1993-04-21", city: null });
    await expect(
      editProfile(ctx, t.business.id, {
        ...edited,
        id: zed.id,
        dob: "31/02/1990",
        age: "",
        name: "",
        city: "",
        gender: "",
        businessSubscriberId: "",
      } as never),
    ).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ["dob"] })] });

    await expect(deleteProfile(ctx, other.business.id, zed.id)).rejects.toMatchObject({ code: "not_found" });
    await deleteProfile(ctx, t.business.id, zed.id);
    expect((await listProfiles(ctx, t.business.id, {})).total).toBe(2);
  });
});
