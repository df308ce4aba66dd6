import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes'

// The spec's route list.

export default [
	index('routes/home.tsx'),
	route('landing', 'routes/landing.tsx'),
	route('onboarding', 'routes/onboarding.tsx'),
	route('onboarding/hand-over', 'routes/onboarding.hand-over.ts'),
	route('auth', 'routes/auth.tsx'),
	route('auth/logout', 'routes/auth.logout.ts'),
	route('auth/confirm', 'routes/auth.confirm.tsx'),
	route('auth/forgot-password', 'routes/auth.forgot-password.tsx'),
	route('auth/reset-password', 'routes/auth.reset-password.tsx'),
	route('auth/link', 'routes/auth.link.tsx'),
	route('auth/google', 'routes/auth.google.ts'),
	route('auth/google/callback', 'routes/auth.google.callback.ts'),
	route('dev/mailbox', 'routes/dev.mailbox.tsx'),
	// The OAuth popup's landing page: signed-in (its own guard) but without the app shell.
	route('accounts/callback/:platform', 'routes/accounts.callback.$platform.tsx'),

	layout('routes/app/layout.tsx', [
		route('create', 'routes/app/create.tsx', { id: 'create' }),
		route('create-post', 'routes/app/create.tsx', { id: 'create-post' }),
		route('posts', 'routes/app/posts.tsx'),
		route('schedule', 'routes/app/schedule.tsx'),
		route('news', 'routes/app/news.tsx'),
		route('settings', 'routes/app/settings.tsx'),
		route('settings/integrationen', 'routes/app/settings.integrations.tsx'),
		route('accounts', 'routes/app/accounts.tsx'),
		route('suche', 'routes/app/search.tsx'),
		route('agent', 'routes/app/agent.tsx'),
		route('test-models', 'routes/app/test-models.tsx', { id: 'test-models' }),
		route('model-test', 'routes/app/model-test.tsx', { id: 'model-test' }),
		route('toolbox', 'routes/app/toolbox.tsx', { id: 'toolbox' }),
		route('activity-logs', 'routes/app/activity-logs.tsx', { id: 'activity-logs' }),
		route('pricing', 'routes/app/pricing.tsx', { id: 'pricing' }),
		route('pricing/test-checkout/:sessionId', 'routes/app/pricing.test-checkout.tsx'),
		route('bench/leer', 'routes/app/bench-empty.tsx'),

		...prefix('admin', [
			layout('routes/admin/layout.tsx', [
				index('routes/admin/index.tsx'),
				route('users', 'routes/admin/users.tsx', { id: 'admin-users' }),
				route('models', 'routes/admin/models.tsx', { id: 'admin-models' }),
				route('prompts', 'routes/admin/prompts.tsx', { id: 'admin-prompts' }),
				route('workflows', 'routes/admin/workflows.tsx', { id: 'admin-workflows' }),
				route('toolbox', 'routes/admin/toolbox.tsx', { id: 'admin-toolbox' }),
				route('error-reports', 'routes/admin/error-reports.tsx', { id: 'admin-error-reports' }),
				route('discount-codes', 'routes/admin/discount-codes.tsx'),
			]),
		]),
	]),

	route('settings/export', 'routes/settings.export.ts'),
	route('events', 'routes/events.ts'),
	route('health', 'routes/health.ts'),
	route('health/live', 'routes/health.live.ts'),
	route('api/posts/:id/deliveries', 'routes/api.posts.$id.deliveries.ts'),
	route('api/generations', 'routes/api.generations.ts'),
	route('api/generations/image', 'routes/api.generations.image.ts'),
	route('api/model-tests', 'routes/api.model-tests.ts'),
	route('api/search', 'routes/api.search.ts'),
	route('api/hashtags', 'routes/api.hashtags.ts'),
	route('webhooks/stripe', 'routes/webhooks.stripe.ts'),
	route('media/*', 'routes/media.$.ts'),
	route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
