import { RadioGroup } from '@radix-ui/themes'
import { Badge, Flex, Text } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { formatNumber } from '#app/utils/format.ts'
import type { ConnectedPage } from './types.ts'
import { useToastAction } from './use-toast-action.ts'
import '#locales/ns/accounts.ts'

/** The connection's pages with type and followers; choosing one makes it the platform's default page. */
export function PagePicker({ pages, label }: { pages: Array<ConnectedPage>; label: string }) {
	const { t } = useTranslation('accounts')
	const { fetcher, submit } = useToastAction()
	if (pages.length === 0) {
		return (
			<Text size="2" color="gray">
				{t('card.noPages')}
			</Text>
		)
	}
	const pendingId = fetcher.formData?.get('pageId')
	const selected = typeof pendingId === 'string' ? pendingId : pages.find((p) => p.isDefault)?.id
	return (
		<Flex direction="column" gap="2">
			<Text size="2" weight="medium">
				{t('card.defaultPage')}
			</Text>
			<Text size="1" color="gray">
				{t('card.defaultPageHint')}
			</Text>
			<RadioGroup.Root
				value={selected ?? ''}
				aria-label={label}
				onValueChange={(pageId) => void submit({ intent: 'set-default', pageId })}
			>
				{pages.map((page) => (
					<RadioGroup.Item key={page.id} value={page.id} data-testid="page-option">
						<Flex align="center" gap="2" wrap="wrap">
							<Text weight="medium">{page.name}</Text>
							<Text size="1" color="gray">
								{t(`card.pageTypes.${page.type === 'business' ? 'business' : 'personal'}`)} · {t('card.followers', { followers: formatNumber(page.followerCount) })}
							</Text>
							{page.isDefault ? (
								<Badge color="indigo" size="1">
									{t('card.default')}
								</Badge>
							) : null}
						</Flex>
					</RadioGroup.Item>
				))}
			</RadioGroup.Root>
		</Flex>
	)
}
