import type { RouterContextProvider } from 'react-router'
import { servicesContext } from '#app/context.ts'
import type { CurrentUser } from '#modules/accounts/index.ts'
import { brandCookie } from './cookies.server.ts'

// The current brand ('Alle Marken' or one of the user's brands, ADR 0047) is a cookie of the browser:
// it holds an id the server checks against the user's brands on every read, so another user's id, a
// deleted brand or a cookie from before a sign-in as someone else means 'Alle Marken'.

/** The id in the switcher's cookie, unchecked (null: none or 'Alle Marken'). */
export async function chosenBrandCookie(context: Readonly<RouterContextProvider>, request: Request): Promise<string | null> {
	const value: unknown = await brandCookie(context).parse(request.headers.get('Cookie'))
	return typeof value === 'string' && value !== '' ? value : null
}

/** The chosen brand when it is the user's, else null (all brands): one query. */
export async function currentBrandId(context: Readonly<RouterContextProvider>, request: Request, user: CurrentUser): Promise<string | null> {
	return context.get(servicesContext).brands.resolve(user.id, await chosenBrandCookie(context, request))
}

/** The switcher's list and the chosen brand checked against it: one query. */
export async function brandChoice(context: Readonly<RouterContextProvider>, request: Request, user: CurrentUser) {
	const [brands, chosen] = await Promise.all([context.get(servicesContext).brands.list(user.id), chosenBrandCookie(context, request)])
	const current = brands.find((b) => b.id === chosen) ?? null
	return { brands, current }
}

export type BrandChoice = Awaited<ReturnType<typeof brandChoice>>

/** The Set-Cookie header of a switch ('' = 'Alle Marken'). */
export async function chooseBrandHeader(context: Readonly<RouterContextProvider>, brandId: string): Promise<string> {
	return brandCookie(context).serialize(brandId)
}

/**
 * The brand whose news and content settings a page shows: the chosen one, with 'Alle Marken' the
 * user's first (ADR 0047). `name` only when the user has several brands (then the page says whose).
 */
export function settingsBrand(choice: BrandChoice) {
	const brand = choice.current ?? choice.brands[0] ?? null
	return { id: brand?.id ?? null, name: choice.brands.length > 1 ? (brand?.name ?? null) : null, allBrands: choice.current === null }
}

export type SettingsBrand = ReturnType<typeof settingsBrand>
