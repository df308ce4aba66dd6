import publishing from '#locales/de/publishing.json' with { type: 'json' }
import posts from '#locales/de/posts.json' with { type: 'json' }
import type { Platform } from './ports.ts'

const reasons: Record<string, string> = publishing.reasons

/** The German reason for an adapter error code (a platform's own wording never reaches the user). */
export function reasonFor(code: string | null | undefined) {
	return (code && reasons[code]) || reasons.unknown!
}

export function platformName(platform: Platform | string) {
	return (posts.platforms as Record<string, string>)[platform] ?? platform
}

export function fill(template: string, values: Record<string, string>) {
	return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '')
}

export const texts = publishing
