/** WhatsApp's limits for free-form messages (Cloud API): text body and media caption. */
export const MAX_TEXT = 4096;
export const MAX_CAPTION = 1024;
