/** Read-model documents are keyed by string ids, never ObjectIds. */
export type StoredDoc = { _id: string; [field: string]: unknown };
