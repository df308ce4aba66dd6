import { data } from 'react-router'
import type { Route } from './+types/not-found'
import { NotFound } from '#app/components/not-found.tsx'
import { getInstance } from '#app/middleware/i18next.ts'

export function loader({ context }: Route.LoaderArgs) {
	return data({ title: getInstance(context).t('notFound.title') }, { status: 404 })
}

export function action() {
	return data(null, { status: 404 })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function NotFoundRoute() {
	return <NotFound />
}
