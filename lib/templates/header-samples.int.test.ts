import { beforeAll, describe, expect, it } from "vitest";
import { systemCtx, type Ctx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { saveImage } from "@/lib/media/save-image";
import { detectSampleType, saveSample } from "@/lib/media/save-sample";
import { createTestBusiness, uniq, type TestBusiness } from "@/test/factories";
import { pngBytes } from "@/test/templates";
import { createChatappTemplate } from "./create-chatapp-template";
import { chatappRecord } from "./template-records";
import { testSlotsOf } from "./test-slots";

// DOCUMENT and VIDEO headers with their sample upload, as Meta allows.

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const MP4 = new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode("ftypmp42"), 0, 0, 0, 0, 0, 0, 0, 0]);
const body = { type: "BODY", text: "Your report {{1}} is attached.", example: { body_text: [["R-1"]] } };
const template = (format: "DOCUMENT" | "VIDEO") => ({
  name: `s_${uniq()}`,
  language: "en_US",
  category: "UTILITY",
  components: [{ type: "HEADER", format }, body],
});

let a: TestBusiness;
let admin: Ctx;
beforeAll(async () => {
  a = await createTestBusiness();
  admin = {
    db: db(),
    actor: { type: "user", id: a.admin.id, role: "BUSINESS_ADMIN", businessId: a.business.id },
  };
});

describe("header samples", () => {
  it("recognises PDF and MP4 by content only", () => {
    expect(detectSampleType(PDF)).toBe("DOCUMENT");
    expect(detectSampleType(MP4)).toBe("VIDEO");
    expect(detectSampleType(pngBytes())).toBeNull();
  });

  it("takes a DOCUMENT header's PDF sample (uploaded first, by hash) and shows it as header_handle and the test value", async () => {
    const businessId = a.business.id;
    const pdf = await saveSample(admin, { businessId, bytes: PDF, format: "DOCUMENT", fileName: "r.pdf" });
    const t = await createChatappTemplate(admin, {
      businessId,
      template: template("DOCUMENT"),
      mediaHashes: [pdf.sha256],
    });
    expect(t.mediaHashes).toEqual([pdf.sha256]);
    const record = chatappRecord(t);
    const header = (record.components as { type: string; example?: { header_handle: string[] } }[])[0]!;
    expect(header.example?.header_handle[0]).toContain(pdf.sha256);
    expect(testSlotsOf(t)[0]).toMatchObject({ label: "Header document", example: pdf.sha256 });
  });

  it("takes a VIDEO header's MP4 sample as a D2 file, and still takes both without a sample", async () => {
    const businessId = a.business.id;
    const t = await createChatappTemplate(systemCtx("test"), {
      businessId,
      template: template("VIDEO"),
      files: [{ bytes: MP4, fileName: "clip.mp4" }],
    });
    expect(t.mediaHashes).toHaveLength(1);
    for (const format of ["DOCUMENT", "VIDEO"] as const) {
      const plain = await createChatappTemplate(admin, { businessId, template: template(format) });
      expect(plain.mediaHashes).toEqual([]);
    }
  });

  it("refuses a sample of the wrong kind, by file and by hash, on its field", async () => {
    const businessId = a.business.id;
    await expect(
      createChatappTemplate(admin, { businessId, template: template("VIDEO"), files: [{ bytes: PDF }] }),
    ).rejects.toMatchObject({ code: "invalid_request", details: [{ path: "files" }] });
    const png = await saveImage(admin, { businessId, bytes: pngBytes(), path: "file" });
    await expect(
      createChatappTemplate(admin, { businessId, template: template("DOCUMENT"), mediaHashes: [png.sha256] }),
    ).rejects.toMatchObject({ code: "invalid_request", details: [{ path: "mediaHashes.0" }] });
    await expect(saveSample(admin, { businessId, bytes: PDF, format: "VIDEO" })).rejects.toMatchObject({
      code: "invalid_request",
    });
  });
});
