import { Button } from '@radix-ui/themes'
import { Card, Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { Crown } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link } from 'react-router'
import '#locales/ns/agents.ts'

/** Shown to users without Pro: links to /pricing. */
export function UpgradeCard() {
	const { t } = useTranslation('agents')
	return (
		<Card data-testid="upgrade-card" style={{ background: 'linear-gradient(135deg, var(--amber-3), var(--accent-3))' }}>
			<Flex gap="4" align="center" justify="between" wrap="wrap">
				<Flex gap="3" align="center">
					<Crown size={28} color="var(--amber-10)" aria-hidden />
					<div>
						<Heading as="h3" size="3">
							{t('upgrade.title')}
						</Heading>
						<Text size="2" color="gray">
							{t('upgrade.text')}
						</Text>
					</div>
				</Flex>
				<Button asChild>
					<Link to="/pricing">{t('upgrade.cta')}</Link>
				</Button>
			</Flex>
		</Card>
	)
}
