import { Button, Callout, Separator, TextField } from '@radix-ui/themes'
import { Flex, Grid, Text } from '#app/components/ui/lean.tsx'
import { LogOut, ShieldCheck } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { FieldError, SettingsSection, useSettingsFetcher } from './section.tsx'
import '#locales/ns/settings.ts'

const FIELDS = [
	{ name: 'currentPassword', label: 'security.currentPassword', autoComplete: 'current-password' },
	{ name: 'newPassword', label: 'security.newPassword', autoComplete: 'new-password', hint: 'security.newPasswordHint' },
	{ name: 'confirmPassword', label: 'security.confirmPassword', autoComplete: 'new-password' },
] as const

/** 'Sicherheit': change the password (signs out the other sessions) and sign out every other device. */
export function SecuritySection({ hasPassword }: { hasPassword: boolean }) {
	const { t } = useTranslation('settings')
	const password = useSettingsFetcher('password')
	const others = useSettingsFetcher('sign-out-others')
	const form = useRef<HTMLFormElement>(null)

	useEffect(() => {
		if (password.fetcher.state === 'idle' && password.fetcher.data?.reset) form.current?.reset()
	}, [password.fetcher.state, password.fetcher.data])

	return (
		<SettingsSection id="security" icon={<ShieldCheck size={20} />} title={t('security.title')} description={t('security.description')}>
			{hasPassword ? (
				<password.fetcher.Form method="post" ref={form} noValidate>
					<input type="hidden" name="intent" value="password" />
					<Flex direction="column" gap="3">
						<Grid columns={{ initial: '1', md: '3' }} gap="3">
							{FIELDS.map((field) => {
								const id = `settings-${field.name}`
								const error = password.errors[field.name]
								return (
									<Flex key={field.name} direction="column" gap="1">
										<Text as="label" htmlFor={id} size="2" weight="medium">
											{t(field.label)}
										</Text>
										<TextField.Root
											id={id}
											name={field.name}
											type="password"
											autoComplete={field.autoComplete}
											aria-invalid={error ? true : undefined}
											aria-describedby={error ? `${id}-error` : undefined}
										/>
										{'hint' in field && !error ? (
											<Text size="1" color="gray">
												{t(field.hint)}
											</Text>
										) : null}
										<FieldError id={`${id}-error`} error={error} />
									</Flex>
								)
							})}
						</Grid>
						<Flex justify="end">
							<Button type="submit" loading={password.busy}>
								{t('security.change')}
							</Button>
						</Flex>
					</Flex>
				</password.fetcher.Form>
			) : (
				<Callout.Root color="gray">
					<Callout.Text>{t('security.noPassword')}</Callout.Text>
				</Callout.Root>
			)}
			<Separator size="4" />
			<others.fetcher.Form method="post">
				<input type="hidden" name="intent" value="sign-out-others" />
				<Button type="submit" variant="soft" color="gray" loading={others.busy}>
					<LogOut size={16} /> {t('security.signOutOthers')}
				</Button>
			</others.fetcher.Form>
		</SettingsSection>
	)
}
