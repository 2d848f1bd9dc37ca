// runtime/operation-info.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
export {};
