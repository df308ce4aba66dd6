import { Card, Flex, Heading, Text } from '@radix-ui/themes'
import { useFetcher } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import type { SettingsReply } from './types.ts'
import '#locales/ns/settings.ts'

/** One card of the settings page: an icon, a heading, a grey line and its content. */
export function SettingsSection({ id, icon, title, description, children }: { id: string; icon: React.ReactNode; title: string; description: string; children: React.ReactNode }) {
	return (
		<Card size="3" asChild>
			<section aria-labelledby={`${id}-title`} data-testid={`settings-${id}`}>
				<Flex direction="column" gap="4">
					<Flex gap="3" align="start">
						<Text color="indigo" aria-hidden>
							{icon}
						</Text>
						<div>
							<Heading as="h3" size="4" id={`${id}-title`}>
								{title}
							</Heading>
							<Text size="2" color="gray">
								{description}
							</Text>
						</div>
					</Flex>
					{children}
				</Flex>
			</section>
		</Card>
	)
}

/** A fetcher for one intent of the settings action: its toast, its field errors and its busy state. */
export function useSettingsFetcher(key: string, onShown?: () => void) {
	const fetcher = useFetcher<SettingsReply>({ key: `settings-${key}` })
	useFetcherNotice(fetcher, onShown)
	const errors = fetcher.state === 'idle' ? (fetcher.data?.errors ?? {}) : {}
	return { fetcher, errors, busy: fetcher.state !== 'idle' }
}

/** A field's error line (an i18n key of `settings`). */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
	const { t } = useTranslation('settings')
	if (!error) return null
	return (
		<Text id={id} size="1" color="red" role="alert">
			{t(error as 'invalid', { defaultValue: t('invalid') })}
		</Text>
	)
}
