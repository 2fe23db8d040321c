const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` is a UUID as PostgreSQL's `uuid` type reads it (any case, hyphenated). */
export const isUuid = (text: string): boolean => UUID.test(text);
