export * from "./businesses";
export * from "./api-keys";
export * from "./users";
export * from "./audit-log";
export * from "./templates";
export * from "./media";
export * from "./profiles";
export * from "./callbacks";
