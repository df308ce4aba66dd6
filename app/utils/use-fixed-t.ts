import type { FlatNamespace } from 'i18next'
import { useTranslation } from './use-translation.ts'

/** `t` of one namespace (components rendered many times on a page: calendar slots and chips, post cards). */
export function useFixedT<N extends FlatNamespace>(ns: N) {
	return useTranslation(ns).t
}
