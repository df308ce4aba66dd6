import { useContext, useMemo } from 'react'
import { I18nContext } from 'react-i18next'
import type { FlatNamespace } from 'i18next'

/**
 * `t` of one namespace for components rendered many times on a page (calendar slots and chips, post
 * cards). react-i18next's useTranslation copies the i18n instance for every component on the server
 * (refs do not survive there), which cost a few milliseconds per calendar page; this reads the
 * provider's instance as it is. German is the only language, so there is no switch to follow.
 */
export function useFixedT<N extends FlatNamespace>(ns: N) {
	const { i18n } = useContext(I18nContext)
	return useMemo(() => i18n.getFixedT(null, ns), [i18n, ns])
}
