export * from "./businesses";
export * from "./api-keys";
export * from "./users";
export * from "./audit-log";
