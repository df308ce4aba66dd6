import { formatDateTime } from '#app/utils/format.ts'

export type GreetingKey = 'morning' | 'noon' | 'afternoon' | 'evening'

/** 0-10 Morgen, 11-13 Mittag, 14-16 Nachmittag, otherwise Abend, by the hour in the user's time zone. */
export function greetingFor(now: Date, timeZone = 'Europe/Zurich'): GreetingKey {
	// formatDateTime keeps one Intl format per zone (building one per request was a measurable cost).
	const hour = Number(formatDateTime(now, timeZone, 'HH'))
	if (hour <= 10) return 'morning'
	if (hour <= 13) return 'noon'
	if (hour <= 16) return 'afternoon'
	return 'evening'
}

/** The first word of the full name, or null when there is none. */
export function firstName(fullName: string | null | undefined) {
	const first = fullName?.trim().split(/\s+/)[0]
	return first ? first : null
}

/** The drafts badge: the count, capped at 99+. */
export function badgeCount(count: number) {
	return count > 99 ? '99+' : String(count)
}

export function planLabelKey(subscriptionType: string, plan: string | null) {
	const tier = plan ?? subscriptionType
	if (tier === 'premium') return 'plan.premium' as const
	if (tier === 'pro') return 'plan.pro' as const
	if (tier === 'basic') return 'plan.basic' as const
	return 'plan.free' as const
}
