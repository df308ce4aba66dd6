import toolbox from '#locales/de/toolbox.json' with { type: 'json' }

/** Fills a `toolbox` namespace string ({{name}} placeholders) for texts written by jobs (activity log, ideas). */
export function fill(template: string, values: Record<string, string | number>) {
	return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''))
}

/** A counted text as i18next would pick it: `<key>_one` for 1, `<key>_other` otherwise, filled with `count`. */
export function fillCounted(texts: Record<string, string>, key: string, count: number, values: Record<string, string | number> = {}) {
	const template = texts[`${key}_${count === 1 ? 'one' : 'other'}`] ?? texts[key] ?? ''
	return fill(template, { ...values, count })
}

export const messages = toolbox
