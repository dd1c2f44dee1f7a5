/**
 * The hidden name a list carries while its file is uploaded (ingestList renames it at the
 * end). U+0001 cannot be typed into a list name (listName refuses control characters), so
 * no real list has it; removeAbandonedUploads clears the ones a crash left behind.
 */
export const UPLOAD_NAME_PREFIX = "\u0001upload ";

export const uploadName = (listId: string) => `${UPLOAD_NAME_PREFIX}${listId}`;
