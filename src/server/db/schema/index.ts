export * from "./jobs";
export * from "./limits";
export * from "./photos";
export * from "./sessions";
export * from "./sites";
export * from "./users";
export * from "./visits";
export * from "./likes";
