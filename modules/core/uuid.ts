const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether a client-sent id can be a row id at all (anything else is "not found", never a database error). */
export function isUuid(value: unknown): value is string {
	return typeof value === 'string' && UUID.test(value)
}
