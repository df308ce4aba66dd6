import type { FlatNamespace, TFunction } from 'i18next'
import { useTranslation } from './use-translation.ts'

export { fixedTranslation } from './use-translation.ts'

/** `t` of one namespace: the same as `useTranslation(ns).t`. */
export function useFixedT<N extends FlatNamespace>(ns: N): TFunction<N> {
	return useTranslation(ns).t as TFunction<N>
}
