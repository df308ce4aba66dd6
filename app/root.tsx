import radixStyles from '#app/styles/radix.css?url'
import { Theme } from '@radix-ui/themes'
import { lazy, Suspense, useEffect } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useNavigation, useRouteError, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import { requestInfoContext, servicesContext } from '#app/context.ts'
import { platformStyles } from '#app/utils/use-platforms.ts'
import { toPlatformView } from '#modules/publishing/descriptor.ts'
import { getLocale, getSpelling, i18nextMiddleware, spellingMiddleware } from '#app/middleware/i18next.ts'
import { spellingInstance } from '#app/utils/spelling-instances.ts'
import { I18nextProvider } from 'react-i18next'
import { refuseNulMiddleware } from '#app/server/body-limit.server.ts'
import { databaseOutageMiddleware } from '#app/server/database-outage.server.ts'
import { sessionMiddleware } from '#app/server/session.server.ts'
import { readToast } from '#app/server/toast.server.ts'
import { toast as showToast, Toasts } from '#app/components/toast.tsx'
import { keepPageOnLostAnswer } from '#app/utils/lost-answer.ts'
import appStyles from '#app/styles/app.css?url'
import '#locales/ns/common.ts'

// Only error pages show it (unknown addresses have their own route, routes/not-found.tsx).
const NotFound = lazy(() => import('#app/components/not-found.tsx').then((module) => ({ default: module.NotFound })))

export const middleware: Route.MiddlewareFunction[] = [refuseNulMiddleware, i18nextMiddleware, databaseOutageMiddleware, sessionMiddleware, spellingMiddleware]

// A submission whose answer is lost (network down) keeps the page and says so (ADR 0039).
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [keepPageOnLostAnswer]

export const links: Route.LinksFunction = () => [
	{ rel: 'stylesheet', href: radixStyles },
	{ rel: 'stylesheet', href: appStyles },
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	// Installable to the home screen: public/manifest.webmanifest, icons drawn by scripts/make-icons.ts.
	{ rel: 'manifest', href: '/manifest.webmanifest' },
	{ rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
	const { toast, headers } = await readToast(request, context)
	const info = context.get(requestInfoContext)
	const platforms = context.get(servicesContext).publishing.platforms.descriptors.map(toPlatformView)
	return data({ locale: getLocale(context), spelling: getSpelling(context), toast, nonce: info.nonce, platforms }, { headers: headers ?? undefined })
}

export function Layout({ children }: { children: React.ReactNode }) {
	const rootData = useRouteLoaderData<typeof loader>('root')
	const spelling = rootData?.spelling ?? 'de'
	// The instance of the page's spelling (ADR 0013): a changed setting switches it without a reload.
	const i18n = spellingInstance(spelling)
	return (
		<html lang="de">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content="#4f46e5" />
				<Meta />
				<Links />
				{rootData?.platforms ? <style nonce={rootData.nonce}>{platformStyles(rootData.platforms)}</style> : null}
			</head>
			<body>
				<Theme accentColor="indigo" grayColor="slate" radius="large" scaling="100%">
					{i18n ? (
						<I18nextProvider i18n={i18n}>
							{children}
							<Toasts />
						</I18nextProvider>
					) : (
						<>
							{children}
							<Toasts />
						</>
					)}
				</Theme>
				<ScrollRestoration nonce={rootData?.nonce} />
				<Scripts nonce={rootData?.nonce} />
			</body>
		</html>
	)
}

export default function App({ loaderData }: Route.ComponentProps) {
	const { i18n, t } = useTranslation()
	const navigation = useNavigation()
	useEffect(() => {
		if (i18n.language !== loaderData.locale) void i18n.changeLanguage(loaderData.locale)
	}, [loaderData.locale, i18n])
	useEffect(() => {
		// Marks the page as interactive (browser tests wait for it before clicking).
		document.documentElement.dataset.hydrated = 'true'
	}, [])
	useEffect(() => {
		const toast = loaderData.toast
		if (!toast) return
		const show = toast.type === 'error' ? showToast.error : toast.type === 'success' ? showToast.success : showToast
		setTimeout(() => show(toast.title, { description: toast.description }), 0)
	}, [loaderData.toast])
	return (
		<>
			{navigation.state !== 'idle' ? (
				<div className="nav-progress" role="progressbar" aria-label={t('loading')} />
			) : null}
			<Outlet />
		</>
	)
}

export function ErrorBoundary() {
	const error = useRouteError()
	const { t } = useTranslation()
	if (isRouteErrorResponse(error) && error.status === 404) {
		return (
			<Suspense>
				<NotFound />
			</Suspense>
		)
	}
	// 400 with a German reason (a malformed address or form): show the reason, not "unexpected error".
	if (isRouteErrorResponse(error) && error.status === 400 && typeof error.data === 'string' && error.data) {
		return (
			<main style={{ padding: '4rem 1.5rem', textAlign: 'center' }}>
				<h1>{t('badRequest.title')}</h1>
				<p>{error.data}</p>
				<a href="/">{t('backToStart')}</a>
			</main>
		)
	}
	// 503: the database did not answer (restart, failover); the same address works again in a moment.
	const unavailable = isRouteErrorResponse(error) && error.status === 503
	return (
		<main style={{ padding: '4rem 1.5rem', textAlign: 'center' }}>
			<h1>{t(unavailable ? 'unavailable.title' : 'errorPage.title')}</h1>
			<p>{t(unavailable ? 'unavailable.text' : 'errorPage.text')}</p>
			{unavailable ? <a href="">{t('retry')}</a> : <a href="/">{t('backToStart')}</a>}
		</main>
	)
}
