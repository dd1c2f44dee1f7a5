/**
 * The language codes Meta accepts for WhatsApp message templates, with the names its template
 * manager shows. The builders offer this list (both channels: RCS templates take the same
 * codes); the API keeps accepting any code of the `templateLanguage` shape, so existing
 * integrations are unchanged.
 */
export const templateLanguages: ReadonlyArray<{ code: string; name: string }> = [
  { code: "af", name: "Afrikaans" },
  { code: "sq", name: "Albanian" },
  { code: "ar", name: "Arabic" },
  { code: "az", name: "Azerbaijani" },
  { code: "bn", name: "Bengali" },
  { code: "bg", name: "Bulgarian" },
  { code: "ca", name: "Catalan" },
  { code: "zh_CN", name: "Chinese (CHN)" },
  { code: "zh_HK", name: "Chinese (HKG)" },
  { code: "zh_TW", name: "Chinese (TAI)" },
  { code: "hr", name: "Croatian" },
  { code: "cs", name: "Czech" },
  { code: "da", name: "Danish" },
  { code: "nl", name: "Dutch" },
  { code: "en", name: "English" },
  { code: "en_GB", name: "English (UK)" },
  { code: "en_US", name: "English (US)" },
  { code: "et", name: "Estonian" },
  { code: "fil", name: "Filipino" },
  { code: "fi", name: "Finnish" },
  { code: "fr", name: "French" },
  { code: "ka", name: "Georgian" },
  { code: "de", name: "German" },
  { code: "el", name: "Greek" },
  { code: "gu", name: "Gujarati" },
  { code: "ha", name: "Hausa" },
  { code: "he", name: "Hebrew" },
  { code: "hi", name: "Hindi" },
  { code: "hu", name: "Hungarian" },
  { code: "id", name: "Indonesian" },
  { code: "ga", name: "Irish" },
  { code: "it", name: "Italian" },
  { code: "ja", name: "Japanese" },
  { code: "kn", name: "Kannada" },
  { code: "kk", name: "Kazakh" },
  { code: "rw_RW", name: "Kinyarwanda" },
  { code: "ko", name: "Korean" },
  { code: "ky_KG", name: "Kyrgyz (Kyrgyzstan)" },
  { code: "lo", name: "Lao" },
  { code: "lv", name: "Latvian" },
  { code: "lt", name: "Lithuanian" },
  { code: "mk", name: "Macedonian" },
  { code: "ms", name: "Malay" },
  { code: "ml", name: "Malayalam" },
  { code: "mr", name: "Marathi" },
  { code: "nb", name: "Norwegian" },
  { code: "fa", name: "Persian" },
  { code: "pl", name: "Polish" },
  { code: "pt_BR", name: "Portuguese (BR)" },
  { code: "pt_PT", name: "Portuguese (POR)" },
  { code: "pa", name: "Punjabi" },
  { code: "ro", name: "Romanian" },
  { code: "ru", name: "Russian" },
  { code: "sr", name: "Serbian" },
  { code: "sk", name: "Slovak" },
  { code: "sl", name: "Slovenian" },
  { code: "es", name: "Spanish" },
  { code: "es_AR", name: "Spanish (ARG)" },
  { code: "es_ES", name: "Spanish (SPA)" },
  { code: "es_MX", name: "Spanish (MEX)" },
  { code: "sw", name: "Swahili" },
  { code: "sv", name: "Swedish" },
  { code: "ta", name: "Tamil" },
  { code: "te", name: "Telugu" },
  { code: "th", name: "Thai" },
  { code: "tr", name: "Turkish" },
  { code: "uk", name: "Ukrainian" },
  { code: "ur", name: "Urdu" },
  { code: "uz", name: "Uzbek" },
  { code: "vi", name: "Vietnamese" },
  { code: "zu", name: "Zulu" },
];

const byCode = new Map(templateLanguages.map((l) => [l.code, l.name]));

/** "English (US) · en_US", or the code alone when Meta's list does not have it. */
export function languageLabel(code: string): string {
  const name = byCode.get(code);
  return name ? `${name} · ${code}` : code;
}

export function isTemplateLanguage(code: string): boolean {
  return byCode.has(code);
}

/**
 * The languages whose name or code contains every word of `query` (case-insensitive; "-" reads
 * as "_", so "en-gb" finds en_GB), in the list's order with exact code matches first.
 */
export function searchLanguages(query: string): Array<{ code: string; name: string }> {
  const words = query.toLowerCase().replaceAll("-", "_").split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...templateLanguages];
  const hits = templateLanguages.filter((l) => {
    const hay = `${l.name} ${l.code}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  const exact = words.join(" ");
  return [
    ...hits.filter((l) => l.code.toLowerCase() === exact),
    ...hits.filter((l) => l.code.toLowerCase() !== exact),
  ];
}
