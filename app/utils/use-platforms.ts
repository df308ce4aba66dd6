import { useCallback } from 'react'
import { useRouteLoaderData } from 'react-router'
// Not descriptor.ts's descriptorOf: that module brings the text counting (Intl.Segmenter) into every page.
import { PLATFORM_ID_PATTERN, type Platform } from '#modules/core/platform-id.ts'
import type { PlatformView } from '#modules/publishing/descriptor.ts'
import { useFixedT } from './use-fixed-t.ts'
// 'Mehrere Plattformen' is a common text: the root imports this module on every page, and the posts
// namespace (≈ 2.5 KB gzip) would come with it.
import '#locales/ns/common.ts'

// The registered social platforms in the browser: the root loader sends their descriptors (pure data,
// app/ never imports an adapter). The order is the registry's (adapters/platforms/index.ts).

const NONE: ReadonlyArray<PlatformView> = []

// The root loader runs again after every action and sends an equal list: one instance per content,
// so effects and callbacks that depend on the list do not run again for nothing.
let canonical: { json: string; list: ReadonlyArray<PlatformView> } | null = null
const seen = new WeakMap<ReadonlyArray<PlatformView>, ReadonlyArray<PlatformView>>()

function stable(list: ReadonlyArray<PlatformView>) {
	// A server render reads each request's list once: no effects to spare (and a JSON copy of every descriptor less).
	if (typeof document === 'undefined') return list
	const known = seen.get(list)
	if (known) return known
	const json = JSON.stringify(list)
	if (canonical?.json !== json) canonical = { json, list }
	seen.set(list, canonical.list)
	return canonical.list
}

export function usePlatforms(): ReadonlyArray<PlatformView> {
	const list = useRouteLoaderData<{ platforms?: ReadonlyArray<PlatformView> }>('root')?.platforms
	return list ? stable(list) : NONE
}

export function usePlatform(id: Platform): PlatformView | null {
	return usePlatforms().find((d) => d.id === id) ?? null
}

/** Whether `value` names a registered platform (e.g. a parameter of the address). */
export function useIsPlatform(): (value: unknown) => value is Platform {
	const platforms = usePlatforms()
	return useCallback((value: unknown): value is Platform => typeof value === 'string' && platforms.some((p) => p.id === value), [platforms])
}

/** A platform's display name (descriptor.name); 'multiple' is a post planned for several. */
export function usePlatformName(): (id: Platform | 'multiple') => string {
	const platforms = usePlatforms()
	const t = useFixedT('common')
	return useCallback((id) => (id === 'multiple' ? t('platforms.multiple') : (platforms.find((d) => d.id === id)?.name ?? id)), [platforms, t])
}

/**
 * The brand colours of the platform marks and the calendar chips' colour scales, as CSS rules from the
 * descriptors (the root layout renders them once; style-src allows inline styles).
 */
export function platformStyles(platforms: ReadonlyArray<PlatformView>) {
	const safe = (value: string) => !/[;{}<>\\]/.test(value)
	return platforms
		.filter((p) => PLATFORM_ID_PATTERN.test(p.id) && safe(p.color.brand) && /^[a-z]+$/.test(p.color.scale))
		.map(
			(p) =>
				`.platform-mark[data-platform=${p.id}]{background:${p.color.brand}}` +
				`.cal-chip[data-color=${p.color.scale}]{background:var(--${p.color.scale}-a3);border-left-color:var(--${p.color.scale}-9)}`,
		)
		.join('\n')
}
