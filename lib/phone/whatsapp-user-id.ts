/**
 * A WhatsApp business-scoped user id (BSUID, 2026): how Meta names a user who has a username
 * and keeps their number from the business. Two letters of a country, a dot, an optional
 * `ENT.` (a parent BSUID shared by a business group), then up to 128 letters and digits:
 * `US.13491208655302741918`. Kept and sent back exactly as received; never a phone number.
 */
const WHATSAPP_USER_ID = /^[A-Z]{2}\.(?:ENT\.)?[A-Za-z0-9]{1,128}$/;

export const isWhatsAppUserId = (v: string): boolean => WHATSAPP_USER_ID.test(v);
