import { AlertDialog, Button, Callout, Link as RadixLink } from '@radix-ui/themes'
import { Flex } from '#app/components/ui/lean.tsx'
import { CircleExclamationPoint } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link } from 'react-router'
import '#locales/ns/creator.ts'
import '#locales/ns/generation.ts'

/** 'Wenig Credits verfügbar' (10 or fewer): 'Später' goes on with the generation, the other button to /pricing. */
export function LowCreditDialog({ open, balance, cost, onLater, onClose }: { open: boolean; balance: number; cost: number; onLater: () => void; onClose: () => void }) {
	const { t } = useTranslation('creator')
	return (
		<AlertDialog.Root open={open} onOpenChange={(next) => (next ? null : onClose())}>
			<AlertDialog.Content maxWidth="440px">
				<AlertDialog.Title>{t('lowCredit.title')}</AlertDialog.Title>
				<AlertDialog.Description size="2">{t('lowCredit.text', { count: balance, cost: t('cost.credits', { count: cost }) })}</AlertDialog.Description>
				<Flex gap="3" mt="4" justify="end">
					<AlertDialog.Cancel>
						<Button variant="soft" color="gray" onClick={onLater}>
							{t('lowCredit.later')}
						</Button>
					</AlertDialog.Cancel>
					<Button asChild>
						<Link to="/pricing">{t('lowCredit.plans')}</Link>
					</Button>
				</Flex>
			</AlertDialog.Content>
		</AlertDialog.Root>
	)
}

/** Shown instead of generating when the balance does not cover the cost (also when the server says so). */
export function InsufficientCredits() {
	const { t } = useTranslation('generation')
	const { t: tc } = useTranslation('creator')
	return (
		<Callout.Root color="red" role="alert" data-testid="insufficient-credits">
			<Callout.Icon>
				<CircleExclamationPoint size={16} />
			</Callout.Icon>
			<Callout.Text>
				<strong>{t('errors.insufficient_credits.title')}</strong> {t('errors.insufficient_credits.message')}{' '}
				<RadixLink asChild weight="medium">
					<Link to="/pricing">{tc('lowCredit.plans')}</Link>
				</RadixLink>
			</Callout.Text>
		</Callout.Root>
	)
}
