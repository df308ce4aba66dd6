import { Badge, Flex } from '#app/components/ui/lean.tsx'
import { CreditCard, Gift } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import '#locales/ns/landing.ts'

export function OfferBadges({ justify = 'start' }: { justify?: 'start' | 'center' }) {
	const { t } = useTranslation('landing')
	return (
		<Flex gap="2" wrap="wrap" justify={justify}>
			<Badge size="3" color="green" variant="soft" radius="full">
				<CreditCard size={14} aria-hidden />
				{t('hero.noCreditCard')}
			</Badge>
			<Badge size="3" color="amber" variant="soft" radius="full">
				<Gift size={14} aria-hidden />
				{t('hero.freeCredits')}
			</Badge>
		</Flex>
	)
}
