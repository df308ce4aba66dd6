// Texts written on the server outside a request's i18next (job texts, stored messages, pure functions):
// filled from the namespace's JSON the way i18next would, plurals included.

type Values = Record<string, string | number>

/** Fills the {{name}} placeholders of a template. */
export function fill(template: string, values: Values) {
	return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''))
}

/** The text of `key` as i18next picks it: with a numeric `count`, `<key>_one` for 1 and `<key>_other` otherwise. */
export function fillKey(texts: Record<string, unknown>, key: string, values: Values = {}) {
	const count = values.count
	const counted = typeof count === 'number' ? texts[`${key}_${count === 1 ? 'one' : 'other'}`] : undefined
	const template = counted ?? texts[key]
	return typeof template === 'string' ? fill(template, values) : ''
}

/** A counted text: `<key>_one` for 1, `<key>_other` otherwise, filled with `count`. */
export function fillCounted(texts: Record<string, unknown>, key: string, count: number, values: Values = {}) {
	return fillKey(texts, key, { ...values, count })
}
