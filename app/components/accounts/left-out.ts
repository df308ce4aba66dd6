import type { TFunction } from 'i18next'

/** The German note for an account whose channels did not all fit the plan ("2 Seiten wurden nicht verbunden: …"), else none. */
export function leftOutNotice(t: TFunction<'accounts'>, leftOut: number, limit: number): string | undefined {
	if (leftOut <= 0) return undefined
	return t('connect.leftOut', { count: leftOut, plan: t('connect.planAllows', { count: limit }) })
}
