import toolbox from '#locales/de/toolbox.json' with { type: 'json' }

/** Fills a `toolbox` namespace string ({{name}} placeholders) for texts written by jobs (activity log, ideas). */
export function fill(template: string, values: Record<string, string | number>) {
	return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''))
}

export const messages = toolbox
