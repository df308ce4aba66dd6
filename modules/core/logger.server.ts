type Level = 'debug' | 'info' | 'warn' | 'error'
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 }

export type Logger = {
	debug: (event: string, fields?: Record<string, unknown>) => void
	info: (event: string, fields?: Record<string, unknown>) => void
	warn: (event: string, fields?: Record<string, unknown>) => void
	error: (event: string, fields?: Record<string, unknown>) => void
}

const redacted = new Set(['password', 'token', 'cookie', 'authorization', 'secret', 'access_token', 'refresh_token'])

function redact(fields: Record<string, unknown>) {
	return Object.fromEntries(
		Object.entries(fields).map(([k, v]) => [k, redacted.has(k.toLowerCase()) ? '[redacted]' : v]),
	)
}

// One JSON line per event (JSON.stringify escapes newlines, so user input cannot forge lines).
export function createLogger(level: Level | 'silent' = 'info'): Logger {
	const write = (l: Level) => (event: string, fields: Record<string, unknown> = {}) => {
		if (order[l] < order[level]) return
		const line = JSON.stringify({ ts: new Date().toISOString(), level: l, event, ...redact(fields) })
		if (l === 'error' || l === 'warn') process.stderr.write(line + '\n')
		else process.stdout.write(line + '\n')
	}
	return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') }
}

export function errorFields(error: unknown) {
	return error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) }
}
