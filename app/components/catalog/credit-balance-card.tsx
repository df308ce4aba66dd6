import { Button } from '@radix-ui/themes'
import { Card, Flex, Text } from '#app/components/ui/lean.tsx'
import { Coins } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link } from 'react-router'
import '#locales/ns/catalog.ts'

/** The user's credits with the way to buy more (/pricing). */
export function CreditBalanceCard({ balance }: { balance: number }) {
	const { t } = useTranslation('catalog')
	return (
		<Card size="2" data-testid="credit-balance" data-balance={balance}>
			<Flex gap="3" align="center" justify="between" wrap="wrap">
				<Flex gap="3" align="center">
					<Coins size={22} aria-hidden />
					<Flex direction="column">
						<Text size="1" color="gray">
							{t('balance.title')}
						</Text>
						<Text size="4" weight="bold">
							{t('balance.credits', { count: balance })}
						</Text>
					</Flex>
				</Flex>
				<Button asChild variant="soft">
					<Link to="/pricing">{t('balance.buy')}</Link>
				</Button>
			</Flex>
		</Card>
	)
}
