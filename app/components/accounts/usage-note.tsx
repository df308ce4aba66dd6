import { Button, Callout } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { Gauge } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { ChannelUsage } from './types.ts'
import '#locales/ns/accounts.ts'

export const isFull = (usage: ChannelUsage) => usage.used >= usage.limit

/** 'N von M Kanälen'; a full plan says so, with the way to a larger one. */
export function UsageNote({ usage }: { usage: ChannelUsage }) {
	const { t } = useTranslation('accounts')
	const count = <Text size="2" color="gray" data-testid="channel-usage">{t('usage.count', { count: usage.used, limit: usage.limit })}</Text>
	if (!isFull(usage)) return count
	return (
		<Callout.Root color="blue" size="1" data-testid="channel-limit-full">
			<Callout.Icon>
				<Gauge size={16} />
			</Callout.Icon>
			<Flex direction="column" gap="2" align="start">
				<Callout.Text>
					{count} · {t('usage.full', { count: usage.limit })}
				</Callout.Text>
				<UpgradeLink />
			</Flex>
		</Callout.Root>
	)
}

/** In place of a connect button while the plan is full. */
export function UpgradeLink() {
	const { t } = useTranslation('accounts')
	return (
		<Button asChild variant="soft">
			<Link to="/pricing">{t('usage.upgrade')}</Link>
		</Button>
	)
}
