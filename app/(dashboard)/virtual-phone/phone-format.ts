export type PhoneChannel = "chatapp" | "rcs";

/** hh:mm:ss (UTC) of an epoch-seconds timestamp, as a phone shows a message's time. */
export const time = (s: number) => new Date(s * 1000).toISOString().slice(11, 19);
