// Untranslated i18n keys in an answer ('errors.invalid', 'posts:toasts.notFound'): every string of a
// JSON answer (or a plain text) that looks like a key instead of a German sentence.
const KEY = /^(?:[a-z][a-zA-Z]*:)?[a-z][a-zA-Z]*(?:\.[a-zA-Z_]+)+$/

function stringsOf(value: unknown): Array<string> {
	if (typeof value === 'string') return [value]
	if (Array.isArray(value)) return value.flatMap(stringsOf)
	// A field's path ('schedule.type') names where, not what: not a text.
	if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, v]) => (key === 'field' ? [] : stringsOf(v)))
	return []
}

/** The key-like strings of `text` (a JSON document, else the text's own lines). */
export function rawKeys(text: string): Array<string> {
	let strings: Array<string>
	try {
		strings = stringsOf(JSON.parse(text))
	} catch {
		strings = [text]
	}
	// A line '- schedule.at: <message>' (the MCP tools' field list) is checked by its message.
	return strings.flatMap((s) => s.split('\n')).map((line) => line.replace(/^- [^:]+: /, '').trim()).filter((s) => KEY.test(s))
}
