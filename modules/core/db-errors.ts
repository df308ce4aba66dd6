// Whether an error means "the database is not reachable right now" (restarting, failing over, down,
// or every connection busy for longer than the connect timeout), as opposed to a bug or bad data.
// The web answers such requests with 503 and a German "try again in a moment"; nothing here runs SQL.

const UNAVAILABLE_CODES = new Set([
	'ECONNREFUSED',
	'ECONNRESET',
	'ETIMEDOUT',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'ENOTFOUND',
	'EPIPE',
	'57P01', // admin_shutdown: the server is stopping
	'57P02', // crash_shutdown
	'57P03', // cannot_connect_now: starting up or in recovery
	'53300', // too_many_connections
])

const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection error and is not queryable|Cannot use a pool after calling end/i

export function isDatabaseUnavailable(error: unknown): boolean {
	for (let e = error, depth = 0; e && depth < 5; depth++) {
		const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: Array<unknown> }
		if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true
		if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true
		// An AggregateError (several addresses refused) carries its errors in a list.
		if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true
		e = cause
	}
	return false
}
