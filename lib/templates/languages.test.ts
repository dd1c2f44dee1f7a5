import { describe, expect, it } from "vitest";
import { isTemplateLanguage, languageLabel, searchLanguages, templateLanguages } from "./languages";
import { templateLanguage } from "./template-fields";

describe("template languages", () => {
  it("lists Meta's codes once each, every one of the shape the API accepts", () => {
    const codes = templateLanguages.map((l) => l.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(templateLanguage.safeParse(c).success, c).toBe(true);
    for (const c of ["en", "en_US", "en_GB", "hi", "pt_BR", "zh_CN", "fil", "ka"])
      expect(isTemplateLanguage(c), c).toBe(true);
    expect(isTemplateLanguage("en-US")).toBe(false);
  });

  it("finds a language by name or code, any case, a dash for the underscore, exact code first", () => {
    expect(searchLanguages("hindi").map((l) => l.code)).toEqual(["hi"]);
    expect(searchLanguages("PT-br").map((l) => l.code)).toEqual(["pt_BR"]);
    expect(searchLanguages("english").map((l) => l.code)).toEqual(["en", "en_GB", "en_US"]);
    expect(searchLanguages("en")[0]!.code).toBe("en");
    expect(searchLanguages("spanish mex").map((l) => l.code)).toEqual(["es_MX"]);
    expect(searchLanguages("klingon")).toEqual([]);
    expect(searchLanguages("  ")).toHaveLength(templateLanguages.length);
  });

  it("labels a code with its name, and a code Meta does not list by itself", () => {
    expect(languageLabel("en_US")).toBe("English (US) · en_US");
    expect(languageLabel("xx_YY")).toBe("xx_YY");
  });
});
