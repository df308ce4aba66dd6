import type { FlatNamespace } from 'i18next'
import { useContext, useMemo } from 'react'
import { I18nContext } from 'react-i18next'

/**
 * `t` of one namespace (or several, the first being the default) and the i18n instance, for every
 * component of the app. react-i18next's own useTranslation copies the whole i18n instance for every
 * component on every server render (its refs do not survive there): on a page of table rows that was
 * a tenth of the render's CPU. This reads the provider's instance as it is. German is the only
 * language and every namespace is registered when the code that uses it is imported (locales/ns/*),
 * so there is no language switch or namespace loading to follow.
 */
export function useTranslation<const Ns extends FlatNamespace | ReadonlyArray<FlatNamespace> = 'common'>(ns?: Ns) {
	const { i18n } = useContext(I18nContext)
	const key = Array.isArray(ns) ? ns.join(',') : (ns as string | undefined)
	// eslint-disable-next-line react-hooks/exhaustive-deps -- the namespaces' names are the key, not the array's identity
	const t = useMemo(() => i18n.getFixedT(null, (ns ?? 'common') as Ns), [i18n, key])
	return { t, i18n }
}
