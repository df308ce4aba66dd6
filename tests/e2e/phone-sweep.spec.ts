import { expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { expectNoHorizontalScroll } from '#tests/e2e/phone-support.ts'

const publicPages = ['/landing', '/auth', '/auth/forgot-password']
const appPages = ['/', '/create', '/posts', '/schedule', '/test-models', '/toolbox', '/news', '/settings', '/pricing', '/activity-logs', '/suche?q=Post', '/agent', '/accounts', '/marken']
const adminPages = ['/admin', '/admin/users', '/admin/models', '/admin/prompts', '/admin/workflows', '/admin/toolbox', '/admin/error-reports', '/admin/discount-codes', '/admin/plans']

for (const width of [360, 430]) {
	test.describe(`at ${width} px with touch`, () => {
		test.use({ viewport: { width, height: 844 }, hasTouch: true, isMobile: true })

		test(`every main page fits ${width} px without sideways scrolling`, async ({ page, createConfirmedUser, login }) => {
			test.setTimeout(120_000)
			for (const path of publicPages) {
				await gotoReady(page, path)
				await expectNoHorizontalScroll(page, path)
			}
			const admin = await createConfirmedUser({ admin: true })
			await login(admin)
			for (const path of [...appPages, ...adminPages]) {
				await gotoReady(page, path)
				await expect(page.getByTestId('menu-button')).toBeVisible()
				await expectNoHorizontalScroll(page, path)
			}
		})
	})
}
