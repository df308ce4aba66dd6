import { Badge, Box, Button, Callout, Card, Flex, Grid, Heading, Text, TextField } from '@radix-ui/themes'
import { Check, FlaskConical, Sparkles } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { toast } from '#app/components/toast.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { formatChf, formatDateTime, formatNumber } from '#app/utils/format.ts'
import type { Catalogue, CurrentSubscription } from '#modules/billing/index.ts'
import { EnterpriseCard } from './enterprise-dialog.tsx'
import type { PricingReply } from './types.ts'
import './pricing-page.css'
import '#locales/ns/billing.ts'

type Selection = { kind: 'plan' | 'pack'; id: string }

export type PricingData = {
	catalogue: Catalogue
	subscription: CurrentSubscription | null
	testMode: boolean
	available: boolean
	currentPlan: string
	credits: number
	user: { name: string; email: string }
	checkout: 'success' | 'cancelled' | null
}

const chf = (rappen: number) => formatChf(rappen / 100)
const rappen = new Intl.NumberFormat('de-CH', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

export function PricingPage({ catalogue, subscription, testMode, available, currentPlan, credits, user, checkout: returned }: PricingData) {
	const { t } = useTranslation('billing')
	const [selected, setSelected] = useState<Selection | null>(null)
	const [code, setCode] = useState('')
	const [needsPackage, setNeedsPackage] = useState(false)
	const validator = useFetcher<PricingReply>()
	const checkout = useFetcher<PricingReply>()
	useFetcherNotice(checkout)
	useFetcherNotice(validator)

	// The code state (unchecked / valid / invalid) belongs to one package and one code text.
	const key = selected ? `${selected.kind}:${selected.id}:${code}` : null
	const checked = [checkout.data?.discount, validator.data?.discount].find((d) => d && d.key === key) ?? null
	const codeState: 'unchecked' | 'valid' | 'invalid' = checked ? (checked.result.valid ? 'valid' : 'invalid') : 'unchecked'

	useEffect(() => {
		const reply = validator.data
		if (!reply?.discount || validator.state !== 'idle') return
		const { result } = reply.discount
		// An invalid code is said inline under the field (discount-invalid), not in a toast as well.
		if (result.valid) toast.success(t('discount.valid'), { description: t('discount.validText', { amount: formatChf(result.discount_amount), final: formatChf(result.final_amount) }) })
	}, [validator.data, validator.state, t])

	const plan = selected?.kind === 'plan' ? catalogue.plans.find((p) => p.id === selected.id) : undefined
	const pack = selected?.kind === 'pack' ? catalogue.packs.find((p) => p.id === selected.id) : undefined
	const price = plan?.priceRappen ?? pack?.priceRappen ?? 0

	function choose(next: Selection) {
		setSelected(next)
		setNeedsPackage(false)
	}

	function checkCode() {
		if (!selected) {
			setNeedsPackage(true)
			return
		}
		if (!code) return
		validator.submit({ intent: 'validate', itemKind: selected.kind, itemId: selected.id, code }, { method: 'post' })
	}

	const busy = checkout.state !== 'idle'
	return (
		<Flex direction="column" gap="5">
			<PageHeader title={t('title')} subtitle={t('subtitle')}>
				<Text size="2" color="gray" data-testid="pricing-balance">
					{formatNumber(credits)} Credits
				</Text>
			</PageHeader>
			{returned === 'success' && !testMode ? (
				<Callout.Root color="green" data-testid="checkout-returned">
					<Callout.Text>
						<strong>{t('success.title')}</strong> · {t('success.pending')}
					</Callout.Text>
				</Callout.Root>
			) : null}
			{!available ? (
				<Callout.Root color="gray">
					<Callout.Text>{t('checkout.unavailable')}</Callout.Text>
				</Callout.Root>
			) : null}
			{testMode ? (
				<Callout.Root color="amber" data-testid="test-mode">
					<Callout.Icon>
						<FlaskConical size={16} />
					</Callout.Icon>
					<Callout.Text>
						<strong>{t('testMode')}</strong> · {t('testModeHint')}
					</Callout.Text>
				</Callout.Root>
			) : null}

			<Heading as="h3" size="5">
				{t('plans.title')}
			</Heading>
			<Grid columns={{ initial: '1', sm: '2', lg: '4' }} gap="4">
				{catalogue.plans.map((p) => {
					const current = p.id === currentPlan
					const isSelected = selected?.kind === 'plan' && selected.id === p.id
					return (
						<Card key={p.id} size="3" data-testid={`plan-${p.id}`} aria-current={current ? 'true' : undefined} style={p.popular ? { outline: '2px solid var(--accent-9)' } : undefined}>
							<Flex direction="column" gap="3" height="100%">
								<Flex justify="between" align="center" gap="2" wrap="wrap">
									<Heading as="h4" size="4">
										{t(`plans.names.${p.id}`)}
									</Heading>
									{p.popular ? (
										<Badge color="indigo">
											<Sparkles size={12} aria-hidden /> {t('plans.popular')}
										</Badge>
									) : null}
									{current ? <Badge color="green">{t('plans.current')}</Badge> : null}
								</Flex>
								<Text size="6" weight="bold">
									{chf(p.priceRappen)}{' '}
									<Text size="2" weight="regular" color="gray">
										{p.interval === 'month' ? t('plans.perMonth') : t('plans.once')}
									</Text>
								</Text>
								<Flex direction="column" gap="1">
									<Text size="2">
										<Check size={14} aria-hidden /> {p.interval === 'month' ? t('plans.creditsMonthly', { credits: p.credits }) : t('plans.creditsOnce', { credits: p.credits })}
									</Text>
									<Text size="2">
										<Check size={14} aria-hidden /> {p.includesVideo ? t('plans.video') : t('plans.noVideo')}
									</Text>
								</Flex>
								{current && subscription && subscription.planId === p.id ? (
									<Text size="1" color="gray">
										{subscription.cancelAtPeriodEnd
											? t('plans.cancelsAt', { date: formatDateTime(subscription.periodEnd, undefined, 'dd.MM.yyyy') })
											: t('plans.renewsAt', { date: formatDateTime(subscription.periodEnd, undefined, 'dd.MM.yyyy') })}
									</Text>
								) : null}
								<Box flexGrow="1" />
								{p.interval === 'month' && !current ? (
									<Button variant={isSelected ? 'solid' : 'soft'} onClick={() => choose({ kind: 'plan', id: p.id })} aria-pressed={isSelected}>
										{isSelected ? t('plans.chosen') : t('plans.choose')}
									</Button>
								) : null}
							</Flex>
						</Card>
					)
				})}
				<EnterpriseCard user={user} />
			</Grid>

			<Heading as="h3" size="5">
				{t('packs.title')}
			</Heading>
			<Grid columns={{ initial: '2', sm: '3', lg: '5' }} gap="3">
				{catalogue.packs.map((p) => {
					const isSelected = selected?.kind === 'pack' && selected.id === p.id
					return (
						<Card key={p.id} data-testid={`pack-${p.id}`}>
							<Flex direction="column" gap="2">
								<Text weight="bold" size="4">
									{t('packs.credits', { credits: formatNumber(p.credits) })}
								</Text>
								<Text size="3">{chf(p.priceRappen)}</Text>
								<Text size="1" color="gray">
									{t('packs.perCredit', { rappen: rappen.format(p.rappenPerCredit) })}
								</Text>
								<Button variant={isSelected ? 'solid' : 'soft'} size="1" onClick={() => choose({ kind: 'pack', id: p.id })} aria-pressed={isSelected}>
									{isSelected ? t('packs.chosen') : t('packs.choose')}
								</Button>
							</Flex>
						</Card>
					)
				})}
			</Grid>
			<Text size="2" color="gray">
				{t('vatNote')}
			</Text>

			<Card size="3" data-testid="checkout-summary">
				<Flex direction="column" gap="3">
					<Heading as="h3" size="4">
						{t('checkout.title')}
					</Heading>
					<Text data-testid="checkout-item">
						{plan
							? t('checkout.plan', { name: t(`plans.names.${plan.id}`), price: chf(plan.priceRappen) })
							: pack
								? t('checkout.pack', { credits: formatNumber(pack.credits), price: chf(pack.priceRappen) })
								: t('checkout.nothingChosen')}
					</Text>
					<Flex direction="column" gap="1" maxWidth="420px">
						<Text as="label" htmlFor="discount-code" size="2" weight="medium">
							{t('discount.label')}
						</Text>
						<Flex gap="2">
							<Box flexGrow="1">
								<TextField.Root
									id="discount-code"
									value={code}
									placeholder={t('discount.placeholder')}
									maxLength={50}
									autoComplete="off"
									onChange={(e) => {
										setCode(e.currentTarget.value.toUpperCase().replace(/\s/g, ''))
										setNeedsPackage(false)
									}}
									onKeyDown={(e) => {
										if (e.key === 'Enter') {
											e.preventDefault()
											checkCode()
										}
									}}
									data-state={codeState}
									color={codeState === 'valid' ? 'green' : codeState === 'invalid' ? 'red' : undefined}
								/>
							</Box>
							<Button type="button" variant="soft" onClick={checkCode} loading={validator.state !== 'idle'} disabled={!code}>
								{t('discount.check')}
							</Button>
						</Flex>
						{needsPackage ? (
							<Text size="1" color="red" role="alert">
								{t('discount.needsPackage')}
							</Text>
						) : null}
						{checked && codeState === 'valid' ? (
							<Text size="2" color="green" data-testid="discount-valid">
								{t('discount.valid')}: −{formatChf(checked.result.discount_amount)}
							</Text>
						) : null}
						{checked && codeState === 'invalid' ? (
							<Text size="2" color="red" role="alert" data-testid="discount-invalid">
								{checked.result.error ?? t('discount.invalid')}
							</Text>
						) : null}
					</Flex>
				</Flex>
			</Card>
			{/* The total and 'Zur Kasse' stay at the bottom of the screen once something is chosen, next to
			    the packs and plans the user is looking at (on a phone the order card is far below them). */}
			<Card size="2" className="checkout-bar" data-sticky={selected ? 'true' : undefined} data-testid="checkout-bar">
				<Flex gap="3" align="center" justify="between" wrap="wrap">
					{selected ? (
						<Text size="4" weight="bold" data-testid="checkout-total">
							{t('checkout.total')}: {checked && codeState === 'valid' ? formatChf(checked.result.final_amount) : chf(price)}
						</Text>
					) : (
						<span />
					)}
					<checkout.Form method="post">
						<input type="hidden" name="intent" value="checkout" />
						<input type="hidden" name="itemKind" value={selected?.kind ?? ''} />
						<input type="hidden" name="itemId" value={selected?.id ?? ''} />
						<input type="hidden" name="code" value={code} />
						<Button type="submit" size="3" disabled={!selected || !available} loading={busy}>
							{selected?.kind === 'plan' ? t('checkout.subscribe') : t('checkout.buy')}
						</Button>
					</checkout.Form>
				</Flex>
			</Card>
		</Flex>
	)
}
